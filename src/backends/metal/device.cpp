// Metal devices: registered once the backend's files land (the folder exists already for
// the emulated Metal's kernel engine, and CMake calls register_backend_<folder>()).
namespace ingot {

void register_backend_metal() {}

}  // namespace ingot
