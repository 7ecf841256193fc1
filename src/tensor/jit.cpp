// The front of the JIT (include/ingot/jit.hpp): signatures, the bounded table of captures
// and the Tensor side of a call. Recording and replaying launches are the engine's
// (engine/recording.hpp, engine/replay.hpp).
#include "ingot/jit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <string>
#include <unordered_map>

#include "engine/replay.hpp"
#include "ingot/error.hpp"
#include "tensor/capture.hpp"
#include "tensor/frontend.hpp"

namespace ingot {
using namespace frontend;

// One capture's replay and its results' types. Outside the anonymous namespace, since
// Jit::State holds them (a member of a type that namespace hides would trip GCC's
// -Wsubobject-linkage in a unity batch).
struct JitCapture {
  std::unique_ptr<engine::Replay> replay;
  std::vector<ResultType> results;
};

namespace {

// The signature a capture is found by: each input's dtype, shape and device.
std::string signature(const std::vector<Tensor>& inputs) {
  std::string key;
  for (const Tensor& t : inputs)
    key += fmt::format("{}{} on {}; ", dtype_name(t.dtype()), shape_str(t.shape()), t.device());
  return key.empty() ? "no inputs" : key.substr(0, key.size() - 2);
}

std::vector<Tensor> wrap_results(std::vector<std::shared_ptr<Buffer>> buffers,
                                 const std::vector<ResultType>& types) {
  std::vector<Tensor> results;
  for (size_t r = 0; r < buffers.size(); ++r)
    results.push_back(wrap(
        make_buffer_node(std::move(buffers[r]), types[r].dtype, types[r].shape, types[r].device)));
  return results;
}

// Runs `function` on copies of `inputs` under a recording and makes the replay of it.
JitCapture record(const Jit::Function& function, const std::vector<Tensor>& inputs) {
  CapturedCall call = capture_call(function, inputs, "jit");
  JitCapture capture;
  capture.results = std::move(call.result_types);
  capture.replay = std::make_unique<engine::Replay>(call.launches, std::move(call.refills),
                                                    std::move(call.checks), std::move(call.inputs),
                                                    std::move(call.results));
  return capture;
}

}  // namespace

struct Jit::State {
  Function function;
  size_t max_captures;
  // Held to look up, insert and replay, not while the function runs to be captured: the
  // function may wait for locks of its own (Python's), and one capture's inputs are
  // copied in and its results out by one caller at a time.
  std::mutex mutex;
  std::unordered_map<std::string, JitCapture> captures;

  // Throws Error when a capture of `key` would be one too many.
  void check_room(const std::string& key) const {
    if (captures.size() < max_captures) return;
    std::vector<std::string> signatures;
    for (const auto& entry : captures) signatures.push_back(entry.first);
    std::sort(signatures.begin(), signatures.end());
    std::string held;
    for (const std::string& signature : signatures) held += "\n  " + signature;
    throw Error(fmt::format(
        "jit: a call with inputs ({}) needs a new capture, and the function has {} already, "
        "its max_captures; captured:{}\nCall it with the shapes it was captured for, or make "
        "the Jit with a larger max_captures",
        key, captures.size(), held));
  }
};

Jit::Jit(Function function, size_t max_captures) : state_(std::make_shared<State>()) {
  if (!function)
    throw ArgumentError("jit: the function is empty (a default-constructed std::function)");
  if (max_captures == 0) throw ArgumentError("jit: max_captures is 0; it must be at least 1");
  state_->function = std::move(function);
  state_->max_captures = max_captures;
}

std::vector<Tensor> Jit::operator()(const std::vector<Tensor>& inputs) const {
  if (engine::Recording::current()) return state_->function(inputs);
  std::vector<Tensor> ready = realized_inputs(inputs, "jit");
  const std::string key = signature(ready);
  State& state = *state_;
  {
    std::lock_guard lock(state.mutex);
    auto it = state.captures.find(key);
    if (it != state.captures.end())
      return wrap_results(it->second.replay->run(buffers_of(ready)), it->second.results);
    state.check_room(key);
  }
  JitCapture capture = record(state.function, ready);
  std::vector<Tensor> results = wrap_results(capture.replay->copy_outputs(), capture.results);
  std::lock_guard lock(state.mutex);
  // Another thread may have captured the same signature meanwhile: the first one stays.
  auto [it, inserted] = state.captures.try_emplace(key);
  if (!inserted) return results;
  if (state.captures.size() > state.max_captures) {
    state.captures.erase(it);
    state.check_room(key);
  }
  it->second = std::move(capture);
  return results;
}

size_t Jit::captures() const {
  std::lock_guard lock(state_->mutex);
  return state_->captures.size();
}

}  // namespace ingot
