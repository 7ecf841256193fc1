#include "runtime/failed_source.hpp"

#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "ingot/context.hpp"
#include "runtime/write_all.hpp"

namespace ingot {

std::string keep_failed_source(const std::string& source, const std::string& extension) {
  std::filesystem::path cache = Context::global().cache_dir();
  std::error_code ignored;  // an uncreatable cache folder makes its mkstemps fail below
  std::filesystem::create_directories(cache, ignored);
  for (const std::filesystem::path& dir : {cache, std::filesystem::temp_directory_path(ignored)}) {
    std::string path = (dir / ("failed-XXXXXX" + extension)).string();
    int fd = ::mkstemps(path.data(), static_cast<int>(extension.size()));
    if (fd < 0) continue;
    bool written = write_all(fd, source.data(), source.size());
    ::close(fd);
    if (written) return path;
  }
  return fmt::format("(nowhere: cannot write it to {} or the temporary folder: {})", cache.string(),
                     std::strerror(errno));
}

}  // namespace ingot
