// Sums the squares of 1..10 on the default device: builds a lazy graph, compiles one
// fused kernel and reads the scalar back.
#include <ingot/ingot.hpp>
#include <iostream>

int main() {
  try {
    ingot::Tensor x = ingot::Tensor::arange(1, 11, 1, ingot::DType::Float32);
    float total = (x * x).sum().item<float>();
    std::cout << "sum of squares of 1..10 on " << ingot::Device::default_name() << ": " << total
              << "\n";
    return total == 385.0f ? 0 : 1;
  } catch (const ingot::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
