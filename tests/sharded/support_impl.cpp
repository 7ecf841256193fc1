// The op suite's shared support (float64 reference, comparison, poisoning), built into
// this suite's executable.
#include "support/compare.cpp"        // NOLINT(bugprone-suspicious-include)
#include "support/device_values.cpp"  // NOLINT(bugprone-suspicious-include)
#include "support/op_test.cpp"        // NOLINT(bugprone-suspicious-include)
#include "support/reference.cpp"      // NOLINT(bugprone-suspicious-include)
