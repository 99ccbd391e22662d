// The structured trace writer (trace.h).
#include "logging/trace.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "base/md5.h"
#include "logging/internal/config.h"

namespace wick::logging {
namespace {

struct TraceState {
  absl::Mutex mu;
  bool configured ABSL_GUARDED_BY(mu) = false;
  std::string dir ABSL_GUARDED_BY(mu);
  std::string path ABSL_GUARDED_BY(mu);
  std::FILE* file ABSL_GUARDED_BY(mu) = nullptr;
  bool failed ABSL_GUARDED_BY(mu) = false;  // could not open: stay quiet after one warning
  absl::flat_hash_map<std::string, int64_t> strings ABSL_GUARDED_BY(mu);
};

TraceState& State() {
  static TraceState* s = new TraceState();
  return *s;
}

void ConfigureLocked(TraceState& s) ABSL_EXCLUSIVE_LOCKS_REQUIRED(s.mu) {
  if (s.configured) return;
  s.configured = true;
  const char* dir = std::getenv("TORCH_TRACE");
  if (dir != nullptr) s.dir = dir;
}

// "V1203 12:00:00.123456 4242 file.cc:12] ", with the logging module's clock and pid.
std::string Prefix(const char* file, int line) {
  internal::GlobalState& g = internal::Global();
  absl::Time now;
  absl::TimeZone zone;
  int64_t pid;
  {
    absl::MutexLock lock(&g.mu);
    now = g.clock ? g.clock() : absl::Now();
    zone = g.zone;
    pid = g.pid != 0 ? g.pid : getpid();
  }
  return absl::StrCat(absl::FormatTime("V%m%d %H:%M:%E6S", now, zone), " ", pid, " ", file,
                      ":", line, "] ");
}

// Opens the file on the first record: mkstemp in the directory (made if missing),
// then upstream's torch_version artifact.
bool OpenLocked(TraceState& s) ABSL_EXCLUSIVE_LOCKS_REQUIRED(s.mu);

void WriteLocked(TraceState& s, absl::string_view envelope, const std::optional<std::string>& payload,
                 const char* file, int line) ABSL_EXCLUSIVE_LOCKS_REQUIRED(s.mu) {
  std::string text = absl::StrCat(Prefix(file, line), envelope, "\n");
  if (payload.has_value()) {
    for (absl::string_view l : absl::StrSplit(*payload, '\n')) absl::StrAppend(&text, "\t", l, "\n");
  }
  if (std::fwrite(text.data(), 1, text.size(), s.file) == text.size() &&
      std::fflush(s.file) == 0) {
    return;
  }
  // A full disk (or a file system gone read-only) ends the trace with one warning; the
  // program goes on.
  const int err = errno;
  std::fprintf(stderr, "wick: TORCH_TRACE: cannot write to %s: [Errno %d] %s; the trace stops here\n",
               s.path.c_str(), err, std::strerror(err));
  std::fclose(s.file);
  s.file = nullptr;
  s.failed = true;
}

std::string Envelope(absl::string_view name, absl::string_view metadata_json,
                     const std::optional<TraceContext>& context,
                     const std::optional<std::string>& payload) {
  std::string out = absl::StrCat("{", JsonQuote(name), ": ", metadata_json);
  if (context.has_value()) {
    absl::StrAppend(&out, ", \"frame_id\": ", context->frame_id, ", \"frame_compile_id\": ",
                    context->frame_compile_id, ", \"attempt\": ", context->attempt);
  }
  if (payload.has_value()) absl::StrAppend(&out, ", \"has_payload\": \"", Md5Hex(*payload), "\"");
  out += "}";
  return out;
}

bool OpenLocked(TraceState& s) {
  if (s.file != nullptr) return true;
  if (s.failed || s.dir.empty()) return false;
  mkdir(s.dir.c_str(), 0777);  // an existing directory is fine
  std::string templ = s.dir + "/dedicated_log_torch_trace_XXXXXXXX.log";
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  const int fd = mkstemps(buf.data(), 4);
  if (fd < 0 || (s.file = fdopen(fd, "w")) == nullptr) {
    std::fprintf(stderr, "wick: TORCH_TRACE: cannot create a trace file in %s\n", s.dir.c_str());
    s.failed = true;
    return false;
  }
  s.path = buf.data();
  const std::string version =
      "{\n\"pytorch_version\": \"wick\",\n\"commit\": null,\n\"oss\": true\n}";
  WriteLocked(s,
              Envelope("artifact", "{\"name\": \"torch_version\", \"encoding\": \"json\"}",
                       std::nullopt, version),
              version, __FILE__, __LINE__);
  return s.file != nullptr;  // null when that first write failed
}

}  // namespace



bool TraceEnabled() {
  TraceState& s = State();
  absl::MutexLock lock(&s.mu);
  ConfigureLocked(s);
  return !s.dir.empty() && !s.failed;
}

void SetTraceDir(const std::string& dir) {
  TraceState& s = State();
  absl::MutexLock lock(&s.mu);
  s.configured = true;
  if (s.file != nullptr) std::fclose(s.file);
  s.file = nullptr;
  s.failed = false;
  s.path.clear();
  s.strings.clear();
  s.dir = dir;
}

std::string TraceFilePath() {
  TraceState& s = State();
  absl::MutexLock lock(&s.mu);
  return s.path;
}

void TraceStructured(absl::string_view name, absl::string_view metadata_json,
                     const std::optional<TraceContext>& context,
                     const std::optional<std::string>& payload, const char* file, int line) {
  TraceState& s = State();
  absl::MutexLock lock(&s.mu);
  ConfigureLocked(s);
  if (!OpenLocked(s)) return;
  WriteLocked(s, Envelope(name, metadata_json, context, payload), payload, file, line);
}

int64_t TraceIntern(absl::string_view str) {
  TraceState& s = State();
  absl::MutexLock lock(&s.mu);
  ConfigureLocked(s);
  if (!OpenLocked(s)) return -1;
  auto it = s.strings.find(std::string(str));
  if (it != s.strings.end()) return it->second;
  const int64_t index = static_cast<int64_t>(s.strings.size());
  s.strings.emplace(std::string(str), index);
  WriteLocked(s, absl::StrCat("{\"str\": [", JsonQuote(str), ", ", index, "]}"), std::nullopt,
              __FILE__, __LINE__);
  return index;
}

}  // namespace wick::logging
