#include "fuzz/run.hpp"

#include <sstream>
#include <stdexcept>

#include "fuzz/evaluate.hpp"
#include "ingot/error.hpp"
#include "support/device_values.hpp"

namespace fuzz {
namespace {

constexpr const char* kVerdictNames[] = {"pass", "wrong", "refused", "crash", "hang"};

std::string shape_text(const ingot::Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? "," : "") + std::to_string(s[i]);
  return out + "]";
}

std::string index_text(const ingot::Shape& shape, size_t flat) {
  ingot::Shape index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = static_cast<int64_t>(flat % static_cast<size_t>(shape[d]));
    flat /= static_cast<size_t>(shape[d]);
  }
  return shape_text(index);
}

// "" when `got` matches `want`, else what differs.
std::string compare(const ingot::Tensor& got, const IArray& want) {
  std::ostringstream os;
  os.precision(9);
  if (got.shape() != want.shape || got.dtype() != want.dtype) {
    os << "shape " << shape_text(got.shape()) << " " << ingot::dtype_name(got.dtype()) << ", want "
       << shape_text(want.shape) << " " << ingot::dtype_name(want.dtype);
    return os.str();
  }
  std::vector<double> values = support::read_values(got);
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < values.size(); ++i)
    if (!want.e[i].accepts(values[i]) && bad++ == 0) first = i;
  if (bad == 0) return "";
  const Bound& b = want.e[first];
  os << bad << " of " << values.size() << " elements wrong (shape " << shape_text(want.shape) << " "
     << ingot::dtype_name(want.dtype) << "); first at " << index_text(want.shape, first) << ": got "
     << values[first] << ", want " << b.v << " in [" << b.lo << ", " << b.hi << "]";
  return os.str();
}

template <class V, class Create>
std::vector<V> evaluate(const Program& program, Create create) {
  std::vector<V> values;
  values.reserve(program.steps.size());
  for (const Step& s : program.steps) {
    if (is_creation(s.op)) {
      values.push_back(create(s));
      continue;
    }
    std::vector<const V*> args;
    for (int a : s.args) args.push_back(&values[a]);
    values.push_back(apply<V>(s, args));
  }
  return values;
}

}  // namespace

const char* verdict_name(Verdict v) { return kVerdictNames[static_cast<int>(v)]; }

Verdict verdict_from_name(const std::string& name) {
  for (int i = 0; i < 5; ++i)
    if (name == kVerdictNames[i]) return static_cast<Verdict>(i);
  throw std::invalid_argument("fuzz: unknown verdict " + name);
}

std::vector<IArray> evaluate_reference(const Program& program) {
  return evaluate<IArray>(program, create_reference);
}

Outcome run_program(const Program& program, const std::string& device) {
  std::vector<IArray> want = evaluate_reference(program);
  try {
    std::vector<ingot::Tensor> values =
        evaluate<ingot::Tensor>(program, [&](const Step& s) { return create_tensor(s, device); });
    std::vector<ingot::Tensor> outputs;
    for (int o : program.outputs) {
      const ingot::Tensor& t = values[o];
      support::poison_allocator_cache(
          t.device(), static_cast<size_t>(t.numel()) * ingot::dtype_size(t.dtype()));
      outputs.push_back(t);
    }
    ingot::Tensor::realize_all(outputs);
    for (size_t i = 0; i < outputs.size(); ++i) {
      std::string diff = compare(outputs[i], want[program.outputs[i]]);
      if (!diff.empty())
        return {Verdict::Wrong, "output " + std::to_string(i) + " (step " +
                                    std::to_string(program.outputs[i]) + "): " + diff};
    }
  } catch (const ingot::Error& e) {
    return {Verdict::Refused, e.what()};
  }
  return {};
}

}  // namespace fuzz
