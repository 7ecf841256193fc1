// Where a kernel source that failed to compile is kept, so that it can be read and
// compiled by hand: every backend's compiler names the file in its Error.
#pragma once

#include <string>

namespace ingot {

// Writes `source` to a new file named failed-XXXXXX`extension` (".cl", ".cu"), in the
// kernel cache folder when possible, else the temporary folder; returns its path, or a
// sentence saying why there is none.
std::string keep_failed_source(const std::string& source, const std::string& extension);

}  // namespace ingot
