// The whole public API of ingot.
#pragma once

#include "ingot/collective.hpp"
#include "ingot/context.hpp"
#include "ingot/custom_kernel.hpp"
#include "ingot/data_parallel.hpp"
#include "ingot/dtype.hpp"
#include "ingot/error.hpp"
#include "ingot/export.hpp"
#include "ingot/jit.hpp"
#include "ingot/kernel_builder.hpp"
#include "ingot/nn.hpp"
#include "ingot/optim.hpp"
#include "ingot/profile.hpp"
#include "ingot/runtime.hpp"
#include "ingot/safetensors.hpp"
#include "ingot/sharded.hpp"
#include "ingot/tensor.hpp"
