// torch._dynamo.utils.counters: Counter (collections.Counter over strings, insertion
// ordered like a Python dict) and the thread-safe defaultdict of them, with Python's
// repr so printed counters read as under PyTorch.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "logging/logging.h"

namespace wick::logging {
namespace {

// repr() of a Python str: single quotes unless the text has ' and no ", backslash
// escapes for the quote, '\\' and control characters. Non-ASCII bytes pass through (the
// keys are UTF-8 text, which Python prints as is when printable).
std::string PyStrRepr(absl::string_view s) {
  const bool use_double = s.find('\'') != absl::string_view::npos &&
                          s.find('"') == absl::string_view::npos;
  const char quote = use_double ? '"' : '\'';
  std::string out(1, quote);
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == quote || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      absl::StrAppendFormat(&out, "\\x%02x", u);
    } else {
      out += c;
    }
  }
  out += quote;
  return out;
}

}  // namespace

int64_t Counter::Get(absl::string_view key) const {
  auto it = index_.find(key);
  return it == index_.end() ? 0 : items_[it->second].second;
}

void Counter::Increment(absl::string_view key, int64_t delta) {
  auto [it, inserted] = index_.try_emplace(key, items_.size());
  if (inserted) items_.emplace_back(std::string(key), 0);
  items_[it->second].second += delta;
}

void Counter::Set(absl::string_view key, int64_t value) {
  auto [it, inserted] = index_.try_emplace(key, items_.size());
  if (inserted) items_.emplace_back(std::string(key), 0);
  items_[it->second].second = value;
}

bool Counter::Erase(absl::string_view key) {
  auto it = index_.find(key);
  if (it == index_.end()) return false;
  const size_t pos = it->second;
  index_.erase(it);
  items_.erase(items_.begin() + pos);
  for (size_t i = pos; i < items_.size(); ++i) index_[items_[i].first] = i;
  return true;
}

int64_t Counter::Total() const {
  int64_t total = 0;
  for (const auto& [key, n] : items_) total += n;
  return total;
}

size_t Counter::CountPositive() const {
  return std::count_if(items_.begin(), items_.end(),
                       [](const auto& item) { return item.second > 0; });
}

std::vector<std::pair<std::string, int64_t>> Counter::MostCommon() const {
  std::vector<std::pair<std::string, int64_t>> out = items_;
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

std::string Counter::Repr() const {
  if (items_.empty()) return "Counter()";
  std::string out = "Counter({";
  bool first = true;
  for (const auto& [key, n] : MostCommon()) {
    absl::StrAppend(&out, first ? "" : ", ", PyStrRepr(key), ": ", n);
    first = false;
  }
  out += "})";
  return out;
}

void Counters::Increment(absl::string_view category, absl::string_view key, int64_t delta) {
  absl::MutexLock lock(&mu_);
  auto [it, inserted] = index_.try_emplace(category, categories_.size());
  if (inserted) categories_.emplace_back(std::string(category), Counter());
  categories_[it->second].second.Increment(key, delta);
}

int64_t Counters::Get(absl::string_view category, absl::string_view key) const {
  absl::MutexLock lock(&mu_);
  auto it = index_.find(category);
  return it == index_.end() ? 0 : categories_[it->second].second.Get(key);
}

void Counters::Set(absl::string_view category, absl::string_view key, int64_t value) {
  absl::MutexLock lock(&mu_);
  auto [it, inserted] = index_.try_emplace(category, categories_.size());
  if (inserted) categories_.emplace_back(std::string(category), Counter());
  categories_[it->second].second.Set(key, value);
}

Counter Counters::GetCategory(absl::string_view category) const {
  absl::MutexLock lock(&mu_);
  auto it = index_.find(category);
  return it == index_.end() ? Counter() : categories_[it->second].second;
}

void Counters::Touch(absl::string_view category) {
  absl::MutexLock lock(&mu_);
  auto [it, inserted] = index_.try_emplace(category, categories_.size());
  if (inserted) categories_.emplace_back(std::string(category), Counter());
}

bool Counters::HasCategory(absl::string_view category) const {
  absl::MutexLock lock(&mu_);
  return index_.contains(category);
}

void Counters::Clear() {
  absl::MutexLock lock(&mu_);
  categories_.clear();
  index_.clear();
}

std::vector<std::pair<std::string, Counter>> Counters::Snapshot() const {
  absl::MutexLock lock(&mu_);
  return categories_;
}

std::string Counters::Repr() const {
  absl::MutexLock lock(&mu_);
  std::string out = "defaultdict(<class 'collections.Counter'>, {";
  bool first = true;
  for (const auto& [category, counter] : categories_) {
    absl::StrAppend(&out, first ? "" : ", ", PyStrRepr(category), ": ", counter.Repr());
    first = false;
  }
  out += "})";
  return out;
}

Counters& GlobalCounters() {
  static Counters* counters = new Counters;
  return *counters;
}

}  // namespace wick::logging
