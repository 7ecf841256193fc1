#include "core/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include "ingot/context.hpp"

namespace ingot {
namespace {

constexpr int kBarWidth = 30;

}  // namespace

Progress::Style Progress::stderr_style() {
  if (::isatty(STDERR_FILENO)) return Style::Bar;
  return Context::global().debug() >= 1 ? Style::Lines : Style::Off;
}

Progress::Progress(std::string title, size_t total, Style style, std::FILE* out)
    : title_(std::move(title)), total_(total), style_(style), out_(out) {}

Progress::~Progress() {
  // "\r", spaces over the bar, "\r": the line is free for what comes next.
  if (style_ == Style::Bar && done_ > 0) fmt::print(out_, "\r\033[2K");
  std::fflush(out_);
}

void Progress::step(const std::string& detail) {
  ++done_;
  if (style_ == Style::Off) return;
  if (style_ == Style::Lines) {
    fmt::print(out_, "{}: {}/{} {}\n", title_, done_, total_, detail);
  } else {
    int filled = total_ ? int(kBarWidth * std::min(done_, total_) / total_) : kBarWidth;
    fmt::print(out_, "\r\033[2K{} [{:#<{}}{:.<{}}] {}/{} {}", title_, "", filled, "",
               kBarWidth - filled, done_, total_, detail);
  }
  std::fflush(out_);
}

SlowNotice::SlowNotice(std::string what, std::chrono::milliseconds after, Progress::Style style,
                       std::FILE* out)
    : style_(style), out_(out) {
  if (style_ != Progress::Style::Off)
    watcher_ = std::thread(&SlowNotice::watch, this, std::move(what), after);
}

SlowNotice::~SlowNotice() {
  if (!watcher_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  done_signal_.notify_one();
  watcher_.join();
  if (shown_ && style_ == Progress::Style::Bar) fmt::print(out_, "\r\033[2K");
  std::fflush(out_);
}

void SlowNotice::watch(std::string what, std::chrono::milliseconds after) {
  const auto start = std::chrono::steady_clock::now();
  std::unique_lock lock(mutex_);
  auto wait = after;
  while (!done_signal_.wait_for(lock, wait, [&] { return done_; })) {
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (style_ == Progress::Style::Lines) {
      // One line is enough where nothing is redrawn.
      fmt::print(out_, "{}: still running after {:.0f} s\n", what, seconds);
      std::fflush(out_);
      shown_ = true;
      return;
    }
    fmt::print(out_, "\r\033[2K{}: {:.0f} s", what, seconds);
    std::fflush(out_);
    shown_ = true;
    wait = std::chrono::seconds(1);
  }
}

}  // namespace ingot
