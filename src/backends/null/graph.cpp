// NULL's queue and graphs. A real queue is a timeline of the work submitted to the device;
// a backend with graphs of its own (CUDA graphs, Metal's indirect command buffers)
// overrides Device::make_graph here. NULL does not, and gets the default graph, which
// launches its programs one by one at each replay.
#include "backends/null/null.hpp"

namespace ingot::null {

// A real backend marks the point after all work submitted so far (an event, a marker) and
// returns a value, larger than any before, that wait() and completed() know it by.
uint64_t NullQueue::signal() { throw not_implemented("Queue::signal"); }

// A real backend blocks until the work before signal() returned `value` is done, and
// throws Error for a value never signaled instead of waiting forever.
void NullQueue::wait(uint64_t) { throw not_implemented("Queue::wait"); }

// A real backend returns the largest value whose work is done, without waiting. Nothing
// was ever signaled here.
uint64_t NullQueue::completed() const { return 0; }

}  // namespace ingot::null
