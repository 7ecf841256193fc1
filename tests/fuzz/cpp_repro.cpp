#include "fuzz/cpp_repro.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "fuzz/evaluate.hpp"

namespace fuzz {
namespace {

const char* dtype_enum(DType d) {
  static const char* const kNames[] = {"Bool",     "Int8",    "Int16",  "Int32",  "Int64",
                                       "UInt8",    "UInt16",  "UInt32", "UInt64", "Float16",
                                       "BFloat16", "Float32", "Float64"};
  return kNames[static_cast<int>(d)];
}

// The C++ element type from_vector takes for `d` (16-bit floats go through float).
const char* element_type(DType d) {
  static const char* const kTypes[] = {"bool",    "int8_t",   "int16_t",  "int32_t",  "int64_t",
                                       "uint8_t", "uint16_t", "uint32_t", "uint64_t", "float",
                                       "float",   "float",    "double"};
  return kTypes[static_cast<int>(d)];
}

std::string real(double v) {
  if (std::isnan(v)) return "NAN";
  if (std::isinf(v)) return v > 0 ? "INFINITY" : "-INFINITY";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  std::string s = buf;
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

template <class T, class F>
std::string list(const std::vector<T>& items, F f) {
  std::string s = "{";
  for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + f(items[i]);
  return s + "}";
}
std::string ints(const std::vector<int64_t>& v) {
  return list(v, [](int64_t x) { return std::to_string(x); });
}
std::string name(int i) { return "t" + std::to_string(i); }
std::string dtype_arg(DType d) { return std::string("DType::") + dtype_enum(d); }
std::string optional_int(const std::vector<int64_t>& v) {
  return v.empty() ? "std::nullopt" : std::to_string(v[0]);
}

std::string creation(const Step& s, const std::string& dev) {
  if (s.op == "input") {
    std::string values = list(s.reals, [&](double v) {
      if (s.dtype == DType::Bool) return std::string(v != 0 ? "true" : "false");
      if (ingot::is_int(s.dtype)) return std::to_string(static_cast<int64_t>(v));
      return real(v);
    });
    std::string t = std::string("Tensor::from_vector<") + element_type(s.dtype) + ">(" + values +
                    ", " + ints(s.ints) + ", " + dev + ")";
    if (s.dtype == DType::Float16 || s.dtype == DType::BFloat16)
      t += ".astype(" + dtype_arg(s.dtype) + ")";
    return t;
  }
  if (s.op == "full")
    return "Tensor::full(" + ints(s.ints) + ", " + real(s.reals[0]) + ", " + dtype_arg(s.dtype) +
           ", " + dev + ")";
  if (s.op == "arange")
    return "Tensor::arange(" + real(s.reals[0]) + ", " + real(s.reals[1]) + ", " +
           real(s.reals[2]) + ", " + dtype_arg(s.dtype) + ", " + dev + ")";
  if (s.op == "linspace")
    return "Tensor::linspace(" + real(s.reals[0]) + ", " + real(s.reals[1]) + ", " +
           std::to_string(s.ints[0]) + ", " + dtype_arg(s.dtype) + ", " + dev + ")";
  return "Tensor::eye(" + std::to_string(s.ints[0]) + ", " + std::to_string(s.ints[1]) + ", " +
         dtype_arg(s.dtype) + ", " + dev + ")";
}

std::string operation(const Step& s) {
  const std::string& op = s.op;
  std::vector<std::string> a;
  for (int i : s.args) a.push_back(name(i));
  auto call = [&](const std::string& args) { return a[0] + "." + op + "(" + args + ")"; };
  static const std::pair<const char*, const char*> kOperators[] = {
      {"add", " + "}, {"sub", " - "}, {"mul", " * "}, {"div", " / "}};
  for (auto [o, sym] : kOperators) {
    if (op == o) return a[0] + sym + a[1];
    if (op == std::string(o) + "_scalar")
      return s.flag ? real(s.reals[0]) + sym + a[0] : a[0] + sym + real(s.reals[0]);
  }
  if (op == "where") return "Tensor::where(" + a[0] + ", " + a[1] + ", " + a[2] + ")";
  if (op == "cat" || op == "stack")
    return "Tensor::" + op + "(" + list(a, [](const std::string& x) { return x; }) + ", " +
           std::to_string(s.ints[0]) + ")";
  if (a.size() == 2) return call(a[1]);
  if (op == "cast") return a[0] + ".astype(" + dtype_arg(s.dtype) + ")";
  if (op == "bitcast") return a[0] + ".bitcast(" + dtype_arg(s.dtype) + ")";
  if (op == "pow_scalar") return a[0] + ".pow(" + real(s.reals[0]) + ")";
  if (op == "clamp")
    return call((s.ints[0] ? real(s.reals[0]) : "std::nullopt") + ", " +
                (s.ints[1] ? real(s.reals[1]) : "std::nullopt"));
  std::string keep = s.flag ? "true" : "false";
  if (op == "var" || op == "std")
    return call("std::vector<int>" + ints(s.ints) + ", " + keep + ", " +
                std::to_string(static_cast<int>(s.reals[0])));
  if (op == "argmax" || op == "argmin") return call(optional_int(s.ints) + ", " + keep);
  if (is_reduction(op)) return call("std::vector<int>" + ints(s.ints) + ", " + keep);
  if (op == "realize" || op == "contiguous" || is_unary(op))
    return op == "realize" ? a[0] : call("");
  if (op == "permute" || op == "flip") return call("std::vector<int>" + ints(s.ints));
  if (op == "reshape" || op == "expand" || op == "repeat") return call(ints(s.ints));
  if (op == "pad") {
    std::string pads = "{";
    for (size_t i = 0; i + 1 < s.ints.size(); i += 2)
      pads += (i ? ", {" : "{") + std::to_string(s.ints[i]) + ", " + std::to_string(s.ints[i + 1]) +
              "}";
    return call(pads + "}, " + real(s.reals[0]));
  }
  if (op == "slice") {
    std::string sl = "{";
    for (size_t i = 0; i + 4 < s.ints.size(); i += 5)
      sl += std::string(i ? ", " : "") + "{" +
            (s.ints[i] ? std::to_string(s.ints[i + 1]) : "std::nullopt") + ", " +
            (s.ints[i + 2] ? std::to_string(s.ints[i + 3]) : "std::nullopt") + ", " +
            std::to_string(s.ints[i + 4]) + "}";
    return call(sl + "}");
  }
  if (op == "squeeze") return call(s.ints.empty() ? "" : std::to_string(s.ints[0]));
  if (op == "take" || op == "take_along_axis") {
    const auto rank = static_cast<ptrdiff_t>(s.ints[1]);
    const std::vector<int64_t> shape(s.ints.begin() + 2, s.ints.begin() + 2 + rank),
        values(s.ints.begin() + 2 + rank, s.ints.end());
    return call("Tensor::from_vector<int64_t>(" + ints(values) + ", " + ints(shape) + ", " + a[0] +
                ".device()), " + std::to_string(s.ints[0]));
  }
  std::string args;
  for (size_t i = 0; i < s.ints.size(); ++i) args += (i ? ", " : "") + std::to_string(s.ints[i]);
  return call(args);  // transpose, unsqueeze, flatten, softmax, log_softmax
}

}  // namespace

std::string cpp_repro(const Program& program, const std::string& device) {
  std::ostringstream os;
  std::string dev = "\"" + device + "\"";
  os << "#include <ingot/ingot.hpp>\n\n#include <cmath>\n#include <iostream>\n\n"
     << "int main() {\n  using namespace ingot;\n";
  for (size_t i = 0; i < program.steps.size(); ++i) {
    const Step& s = program.steps[i];
    os << "  Tensor " << name(static_cast<int>(i)) << " = "
       << (is_creation(s.op) ? creation(s, dev) : operation(s)) << ";\n";
    if (s.op == "realize") os << "  " << name(static_cast<int>(i)) << ".realize();\n";
  }
  for (int o : program.outputs) os << "  std::cout << " << name(o) << " << \"\\n\";\n";
  os << "}\n";
  return os.str();
}

}  // namespace fuzz
