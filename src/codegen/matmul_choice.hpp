// The matmul plans on matrix units and staged blocks (matmul_choice.cpp); the sizes they
// use are declared with the plans in opts.hpp.
#pragma once

#include <vector>

#include "codegen/opts.hpp"

namespace ingot::codegen {

// Appends, best first, the plans of matmul reduction `mm` (matmul_reduce's) that `device`
// can run on its matrix units or in staged blocks: WGMMA, STAGE (register tiles for
// float32), TC.
void add_matrix_plans(std::vector<Plan>& plans, const AstNode* mm, const DeviceInfo& device);

}  // namespace ingot::codegen
