// Counter and Counters against collections.Counter / defaultdict(Counter) as
// torch._dynamo.utils.counters uses them; expected reprs were printed by CPython 3.11.
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logging/logging.h"

namespace wick::logging {
namespace {

using Items = std::vector<std::pair<std::string, int64_t>>;

TEST(Counter, DictLikeCounting) {
  Counter c;
  EXPECT_TRUE(c.empty());
  EXPECT_EQ(c.Get("missing"), 0);
  EXPECT_FALSE(c.Contains("missing"));  // reading a Counter does not insert
  c.Increment("b");
  c.Increment("a", 2);
  c.Increment("c", 2);
  c.Increment("it's");
  c.Set("q\"'x", 0);
  c.Increment("tab\there\n", -1);
  EXPECT_EQ(c.size(), 6u);
  EXPECT_EQ(c.Get("a"), 2);
  EXPECT_EQ(c.Total(), 5);
  EXPECT_EQ(c.CountPositive(), 4u);
  EXPECT_EQ(c.items(), (Items{{"b", 1}, {"a", 2}, {"c", 2}, {"it's", 1}, {"q\"'x", 0},
                              {"tab\there\n", -1}}));
  EXPECT_EQ(c.MostCommon(), (Items{{"a", 2}, {"c", 2}, {"b", 1}, {"it's", 1}, {"q\"'x", 0},
                                   {"tab\there\n", -1}}));
  EXPECT_EQ(c.Repr(),
            "Counter({'a': 2, 'c': 2, 'b': 1, \"it's\": 1, 'q\"\\'x': 0, "
            "'tab\\there\\n': -1})");
  EXPECT_TRUE(c.Erase("a"));
  EXPECT_FALSE(c.Erase("a"));
  c.Increment("a");  // re-inserted at the end, like a dict
  EXPECT_EQ(c.items().back(), (std::pair<std::string, int64_t>{"a", 1}));
  EXPECT_EQ(c.Get("c"), 2);
  EXPECT_EQ(Counter().Repr(), "Counter()");
}

TEST(Counters, DefaultDictOfCounters) {
  Counters counters;
  counters.Increment("stats", "unique_graphs");
  counters.Increment("graph_break", "x", 3);
  counters.Touch("frames");  // counters["frames"] as an expression creates it
  EXPECT_EQ(counters.Repr(),
            "defaultdict(<class 'collections.Counter'>, {'stats': Counter({'unique_graphs': "
            "1}), 'graph_break': Counter({'x': 3}), 'frames': Counter()})");
  EXPECT_EQ(counters.Get("graph_break", "x"), 3);
  EXPECT_EQ(counters.Get("graph_break", "y"), 0);
  EXPECT_EQ(counters.Get("nope", "y"), 0);
  EXPECT_FALSE(counters.HasCategory("nope"));  // Get does not create
  EXPECT_TRUE(counters.HasCategory("frames"));
  counters.Set("stats", "calls_captured", 7);
  EXPECT_EQ(counters.GetCategory("stats").items(),
            (Items{{"unique_graphs", 1}, {"calls_captured", 7}}));
  EXPECT_TRUE(counters.GetCategory("absent").empty());

  const std::vector<std::pair<std::string, Counter>> snapshot = counters.Snapshot();
  ASSERT_EQ(snapshot.size(), 3u);
  EXPECT_EQ(snapshot[0].first, "stats");
  EXPECT_EQ(snapshot[1].first, "graph_break");
  EXPECT_EQ(snapshot[2].first, "frames");
  EXPECT_EQ(snapshot[1].second.Total(), 3);
  // A snapshot is a copy.
  counters.Increment("graph_break", "x");
  EXPECT_EQ(snapshot[1].second.Get("x"), 3);

  counters.Clear();
  EXPECT_EQ(counters.Repr(), "defaultdict(<class 'collections.Counter'>, {})");
  EXPECT_TRUE(counters.Snapshot().empty());
}

TEST(Counters, ConcurrentIncrementsAllLand) {
  Counters counters;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&counters, t] {
      for (int i = 0; i < 1000; ++i) counters.Increment("graph_break", t % 2 ? "odd" : "even");
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(counters.Get("graph_break", "even"), 2000);
  EXPECT_EQ(counters.Get("graph_break", "odd"), 2000);
}

TEST(Counters, GlobalIsOneInstance) {
  GlobalCounters().Clear();
  GlobalCounters().Increment("frames", "total");
  EXPECT_EQ(&GlobalCounters(), &GlobalCounters());
  EXPECT_EQ(GlobalCounters().Get("frames", "total"), 1);
  GlobalCounters().Clear();
}

}  // namespace
}  // namespace wick::logging
