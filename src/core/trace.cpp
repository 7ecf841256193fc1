#include "core/trace.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>

#include "ingot/error.hpp"
#include "ingot/profile.hpp"

namespace ingot::trace {
namespace {

// Device queues get track ids from here up, host threads from 1.
constexpr int kFirstQueueTrack = 1000;

struct Event {
  std::string name;
  const char* category;
  double start_us, duration_us;
  int track;
  Args args;
};

struct Recorder {
  std::mutex mutex;
  std::vector<Event> events;
  std::map<std::string, int> queue_tracks;  // device name -> track
  std::map<int, std::string> track_names;
  int host_threads = 0;
};

// Leaked, so that the exit writer (registered after its construction) never sees it
// destroyed.
Recorder& recorder() {
  static auto* r = new Recorder;
  return *r;
}

const auto g_epoch = std::chrono::steady_clock::now();

void write_at_exit() {
  const Context& context = Context::global();
  if (!context.profile()) return;
  try {
    profile::flush(context.profile_path());
    std::error_code error;
    std::filesystem::path path = std::filesystem::absolute(context.profile_path(), error);
    std::fprintf(stderr, "ingot: trace written to %s (open it in ui.perfetto.dev)\n",
                 (error ? context.profile_path() : path.string()).c_str());
  } catch (const Error& e) {
    std::fprintf(stderr, "ingot: %s\n", e.what());
  }
}

// The calling thread's host track; the caller holds the recorder's mutex.
int host_track(Recorder& r) {
  thread_local int track = 0;
  if (track == 0) {
    track = ++r.host_threads;
    r.track_names[track] = track == 1 ? "host" : fmt::format("host thread {}", track);
  }
  return track;
}

void record(Event event) {
  static const bool registered = std::atexit(write_at_exit) == 0;
  (void)registered;
  Recorder& r = recorder();
  std::lock_guard lock(r.mutex);
  r.events.push_back(std::move(event));
}

}  // namespace

double now_us() {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - g_epoch)
      .count();
}

void Span::begin(std::string_view name) {
  name_ = name;
  start_us_ = now_us();
}

void Span::end() {
  double end = now_us();
  int track;
  {
    Recorder& r = recorder();
    std::lock_guard lock(r.mutex);
    track = host_track(r);
  }
  record({std::move(name_), category_, start_us_, end - start_us_, track, std::move(args_)});
}

void device_event(const std::string& queue, std::string name, const char* category, double end_us,
                  double seconds, Args args) {
  int track;
  {
    Recorder& r = recorder();
    std::lock_guard lock(r.mutex);
    auto [it, added] =
        r.queue_tracks.try_emplace(queue, kFirstQueueTrack + int(r.queue_tracks.size()));
    if (added) r.track_names[it->second] = queue + " queue";
    track = it->second;
  }
  double duration = seconds * 1e6;
  record({std::move(name), category, end_us - duration, duration, track, std::move(args)});
}

namespace {

// JSON text of `text`, quoted, with the characters JSON requires escaped.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\u{:04x}", c);
    } else {
      out += c;
    }
  }
  return out + '"';
}

std::string args_json(const Args& args) {
  std::string out = "{";
  for (const auto& [key, value] : args.numbers)
    out += fmt::format("{}{}:{}", out.size() > 1 ? "," : "", quoted(key),
                       std::isfinite(value) ? fmt::format("{}", value) : "null");
  for (const auto& [key, value] : args.texts)
    out += fmt::format("{}{}:{}", out.size() > 1 ? "," : "", quoted(key), quoted(value));
  return out + "}";
}

}  // namespace
}  // namespace ingot::trace

namespace ingot::profile {

void flush(const std::string& path) {
  using namespace trace;
  std::string json = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  const int pid = ::getpid();
  {
    Recorder& r = recorder();
    std::lock_guard lock(r.mutex);
    json += fmt::format(R"({{"ph":"M","name":"process_name","pid":{},"tid":0,)"
                        R"("args":{{"name":"ingot"}}}})",
                        pid);
    for (const auto& [track, name] : r.track_names)
      json += fmt::format(
          ",\n{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":{},\"tid\":{},\"args\":{{\"name\":{}}"
          "}}}"
          ",\n{{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":{},\"tid\":{},"
          "\"args\":{{\"sort_index\":{}}}}}",
          pid, track, quoted(name), pid, track, track);
    for (const Event& e : r.events)
      json += fmt::format(
          ",\n{{\"ph\":\"X\",\"name\":{},\"cat\":{},\"ts\":{:.3f},\"dur\":{:.3f},\"pid\":{},"
          "\"tid\":{},\"args\":{}}}",
          quoted(e.name), quoted(e.category), e.start_us, e.duration_us, pid, e.track,
          args_json(e.args));
  }
  json += "\n]}\n";
  std::FILE* file = std::fopen(path.c_str(), "w");
  bool written = file && std::fwrite(json.data(), 1, json.size(), file) == json.size();
  int error = errno;
  if (file && std::fclose(file) != 0 && written) {
    written = false;
    error = errno;
  }
  if (!written)
    throw Error(fmt::format(
        "profile::flush: cannot write the trace to '{}': {} (give a path in a folder that "
        "exists and is writable)",
        path, std::strerror(error)));
}

void clear() {
  trace::Recorder& r = trace::recorder();
  std::lock_guard lock(r.mutex);
  r.events.clear();
}

}  // namespace ingot::profile
