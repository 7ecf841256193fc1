// The OpenCL queue: its timeline is a marker per signal. Graphs are the default one
// (runtime/graph.cpp): the queue is in order, so a replay costs one enqueue per kernel
// and no host wait.
#include <fmt/format.h>

#include "backends/opencl/opencl.hpp"

namespace ingot::opencl {

ClQueue::ClQueue(const ClContext& cl) : cl_(cl), timeline_(cl.name) {}

uint64_t ClQueue::signal() {
  return timeline_.signal([&] {
    cl_event event = nullptr;
    cl_int status = cl().clEnqueueMarkerWithWaitList(cl_.queue, 0, nullptr, &event);
    if (status != CL_SUCCESS)
      throw cl_error(status, "clEnqueueMarkerWithWaitList", cl_.name + " queue signal");
    std::shared_ptr<_cl_event> marker(event, ClReleaser<cl_event>{});
    // Submitted work may otherwise wait in the driver, and completed() would never advance.
    if ((status = cl().clFlush(cl_.queue)) != CL_SUCCESS)
      throw cl_error(status, "clFlush", cl_.name + " queue signal");
    return marker;
  });
}

void ClQueue::wait(uint64_t value) {
  timeline_.wait(value, [&](const std::shared_ptr<_cl_event>& marker) {
    cl_event event = marker.get();
    if (cl_int status = cl().clWaitForEvents(1, &event); status != CL_SUCCESS)
      throw cl_error(status, "clWaitForEvents",
                     fmt::format("{} queue: wait({}), for work submitted before that signal",
                                 cl_.name, value));
  });
}

uint64_t ClQueue::completed() const {
  return timeline_.completed([](const std::shared_ptr<_cl_event>& marker) {
    cl_int execution = 1;  // CL_QUEUED..CL_RUNNING are positive; done is 0, failed negative
    cl().clGetEventInfo(marker.get(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof execution,
                        &execution, nullptr);
    return execution <= CL_COMPLETE;
  });
}

}  // namespace ingot::opencl
