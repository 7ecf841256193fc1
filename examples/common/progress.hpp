// A one-line progress bar for the training examples: the step, a bar, the loss and
// whatever `extra` says, redrawn in place and ended with a line break at the last step.
#pragma once

#include <fmt/format.h>

#include <cstdio>
#include <string>

namespace examples {

inline void progress(int step, int steps, float loss, const std::string& extra = "") {
  const int width = 30, done = width * step / steps;
  fmt::print("\rstep {:4d}/{} [{}{}] loss {:.4f}{}", step, steps, std::string(size_t(done), '#'),
             std::string(size_t(width - done), '.'), loss, extra);
  if (step == steps) fmt::print("\n");
  std::fflush(stdout);
}

}  // namespace examples
