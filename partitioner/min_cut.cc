// Dinic's maximum flow (min_cut.h).
#include "partitioner/min_cut.h"

#include <algorithm>
#include <deque>

namespace wick::partitioner {

FlowGraph::FlowGraph(int num_vertices) : out_(num_vertices) {}

void FlowGraph::AddEdge(int from, int to, int64_t capacity) {
  out_[from].push_back(static_cast<int>(edges_.size()));
  edges_.push_back({to, capacity});
  out_[to].push_back(static_cast<int>(edges_.size()));
  edges_.push_back({from, 0});
}

bool FlowGraph::Levels(int source, int sink) {
  level_.assign(out_.size(), -1);
  std::deque<int> queue = {source};
  level_[source] = 0;
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    for (int e : out_[v]) {
      if (edges_[e].cap > 0 && level_[edges_[e].to] < 0) {
        level_[edges_[e].to] = level_[v] + 1;
        queue.push_back(edges_[e].to);
      }
    }
  }
  return level_[sink] >= 0;
}

int64_t FlowGraph::Push(int v, int sink, int64_t limit) {
  if (v == sink) return limit;
  for (int& i = next_[v]; i < static_cast<int>(out_[v].size()); ++i) {
    const int e = out_[v][i];
    Edge& edge = edges_[e];
    if (edge.cap <= 0 || level_[edge.to] != level_[v] + 1) continue;
    const int64_t pushed = Push(edge.to, sink, std::min(limit, edge.cap));
    if (pushed > 0) {
      edge.cap -= pushed;
      edges_[e ^ 1].cap += pushed;
      return pushed;
    }
  }
  return 0;
}

int64_t FlowGraph::MaxFlow(int source, int sink) {
  int64_t total = 0;
  while (Levels(source, sink)) {
    next_.assign(out_.size(), 0);
    while (int64_t f = Push(source, sink, kInfiniteCapacity)) {
      total += f;
      if (total >= kInfiniteCapacity) return total;
    }
  }
  return total;
}

std::vector<bool> FlowGraph::ResidualReach(int start, bool backward) const {
  std::vector<bool> seen(out_.size(), false);
  std::vector<int> stack = {start};
  seen[start] = true;
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    for (int e : out_[v]) {
      // Forward: edge e (v -> u) has room. Backward: its twin e ^ 1 (u -> v) has room.
      const int u = edges_[e].to;
      if (edges_[backward ? e ^ 1 : e].cap > 0 && !seen[u]) {
        seen[u] = true;
        stack.push_back(u);
      }
    }
  }
  return seen;
}

std::vector<bool> FlowGraph::SourceSide(int source) const {
  return ResidualReach(source, /*backward=*/false);
}

std::vector<bool> FlowGraph::LargestSourceSide(int sink) const {
  std::vector<bool> side = ResidualReach(sink, /*backward=*/true);
  side.flip();
  return side;
}

}  // namespace wick::partitioner
