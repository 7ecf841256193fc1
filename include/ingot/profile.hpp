// PROFILE: a trace of what ingot ran, in the Chrome trace-event JSON format that
// ui.perfetto.dev and chrome://tracing open (docs/observability.md). Recording is on under
// PROFILE=1 or Context::set_profile(true); the trace is written to
// Context::profile_path() when the process exits, or wherever flush() is asked to.
#pragma once

#include <string>

namespace ingot::profile {

// Writes every event recorded so far to `path` (replacing the file). Throws Error naming
// the path and the reason when it cannot be written.
void flush(const std::string& path);

// Drops the events recorded so far, so that the next flush() holds only later ones.
void clear();

}  // namespace ingot::profile
