// tests/CMakeLists.txt builds every .cpp of tests/ops/ into ingot_op_tests, and only
// those: the shared support code of tests/support/ is compiled here, once.
#include "support/compare.cpp"        // NOLINT(bugprone-suspicious-include)
#include "support/device_values.cpp"  // NOLINT(bugprone-suspicious-include)
#include "support/op_test.cpp"        // NOLINT(bugprone-suspicious-include)
#include "support/reference.cpp"      // NOLINT(bugprone-suspicious-include)
