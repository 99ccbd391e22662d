// Maximum flow / minimum cut (Dinic's algorithm) on a small directed graph with int64
// capacities: what AOT autograd's partition (joint.h) cuts the joint graph with.
//
//   FlowGraph f(4);
//   f.AddEdge(0, 2, 5);  ...
//   f.MaxFlow(0, 1);
//   std::vector<bool> s = f.LargestSourceSide(1);  // the cut nearest the sink
#ifndef WICK_PARTITIONER_MIN_CUT_H_
#define WICK_PARTITIONER_MIN_CUT_H_

#include <cstdint>
#include <vector>

namespace wick::partitioner {

struct FlowGraph {
  explicit FlowGraph(int num_vertices);
  void AddEdge(int from, int to, int64_t capacity);
  // Maximum flow from `source` to `sink`; afterwards SourceSide() gives the vertices on
  // the source side of a minimum cut (reachable in the residual graph).
  int64_t MaxFlow(int source, int sink);
  std::vector<bool> SourceSide(int source) const;
  // The largest source side of a minimum cut: every vertex that cannot reach `sink` in
  // the residual graph (among equal cuts, the one nearest the sink).
  std::vector<bool> LargestSourceSide(int sink) const;

 private:
  struct Edge {
    int to;
    int64_t cap;
  };
  // The vertices `start` reaches through edges with residual capacity, or (backward) the
  // vertices that reach `start` through such edges.
  std::vector<bool> ResidualReach(int start, bool backward) const;
  bool Levels(int source, int sink);
  int64_t Push(int v, int sink, int64_t limit);
  std::vector<Edge> edges_;
  std::vector<std::vector<int>> out_;
  std::vector<int> level_, next_;
};
inline constexpr int64_t kInfiniteCapacity = int64_t{1} << 60;

}  // namespace wick::partitioner

#endif  // WICK_PARTITIONER_MIN_CUT_H_
