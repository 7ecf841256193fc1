// The trace recorder every layer reports to (include/ingot/profile.hpp writes it out).
// Host work is a Span on the calling thread's track; kernels and copies are events on
// their device's queue track. With PROFILE off, a Span or a record costs one branch.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ingot/context.hpp"

namespace ingot::trace {

inline bool enabled() { return Context::global().profile(); }

// Microseconds on the host's steady clock since the recorder started: the time axis of
// every event.
double now_us();

// An event's arguments, shown beside it in the trace viewer.
struct Args {
  std::vector<std::pair<std::string, double>> numbers;
  std::vector<std::pair<std::string, std::string>> texts;
  Args& number(std::string key, double value) {
    numbers.emplace_back(std::move(key), value);
    return *this;
  }
  Args& text(std::string key, std::string value) {
    texts.emplace_back(std::move(key), std::move(value));
    return *this;
  }
};

// Host work from construction to destruction, on the calling thread's track.
class Span {
 public:
  // Inline, so that with recording off a span is a branch and no call.
  Span(std::string_view name, const char* category) : active_(enabled()), category_(category) {
    if (active_) begin(name);
  }
  ~Span() {
    if (active_) end();
  }
  Span(const Span&) = delete;
  Span& operator=(const Span&) = delete;

  bool active() const { return active_; }
  // Ignored when recording is off.
  void number(std::string key, double value) {
    if (active_) args_.number(std::move(key), value);
  }
  void text(std::string key, std::string value) {
    if (active_) args_.text(std::move(key), std::move(value));
  }

 private:
  void begin(std::string_view name);
  void end();

  bool active_;
  double start_us_ = 0;
  std::string name_;
  const char* category_;
  Args args_;
};

// Work a device did on its queue (`queue`, the device's name): it ended at `end_us`,
// when the host saw it complete, and lasted `seconds` by the device's own timer. The
// device and host clocks are not aligned otherwise, so the event is placed back from
// its end.
void device_event(const std::string& queue, std::string name, const char* category, double end_us,
                  double seconds, Args args);

}  // namespace ingot::trace
