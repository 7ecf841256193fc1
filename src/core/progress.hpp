// Progress of long work (BEAM search, slow compiles) on stderr: on a terminal a bar
// redrawn in place and erased when done; otherwise a plain line a step, shown under
// DEBUG>=1 only, so that logs of programs that did not ask stay quiet.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

namespace ingot {

class Progress {
 public:
  enum class Style { Bar, Lines, Off };
  // The style for stderr: Bar on a terminal, else Lines under DEBUG>=1, else Off.
  static Style stderr_style();

  // `total` steps of `title`, drawn on `out`.
  Progress(std::string title, size_t total, Style style = stderr_style(), std::FILE* out = stderr);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // One more step done; `detail` says which.
  void step(const std::string& detail);

 private:
  std::string title_;
  size_t total_, done_ = 0;
  Style style_;
  std::FILE* out_;
};

// Says that `what` is still running once it has taken longer than `after`, and then every
// second on a terminal (the elapsed time redrawn in place), until destroyed. Costs a
// thread only when shown.
class SlowNotice {
 public:
  SlowNotice(std::string what, std::chrono::milliseconds after,
             Progress::Style style = Progress::stderr_style(), std::FILE* out = stderr);
  ~SlowNotice();
  SlowNotice(const SlowNotice&) = delete;
  SlowNotice& operator=(const SlowNotice&) = delete;

 private:
  void watch(std::string what, std::chrono::milliseconds after);

  Progress::Style style_;
  std::FILE* out_;
  std::mutex mutex_;
  std::condition_variable done_signal_;
  bool done_ = false, shown_ = false;
  std::thread watcher_;
};

}  // namespace ingot
