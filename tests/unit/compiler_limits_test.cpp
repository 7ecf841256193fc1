// A compiler that hangs or is killed: the compile is an ingot::Error naming the compiler,
// the time limit or the signal, and the kernel; the hung compiler and what it started are
// killed; once the real compiler is back the same work computes the right values. The
// CPU backend's compiler is replaced (INGOT_CC) by shell scripts that misbehave.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "ingot/ingot.hpp"
#include "runtime/process.hpp"

namespace ingot {
namespace {

// A compiler that answers --version and then does `behaviour` when asked to compile.
std::string fake_compiler(const std::string& name, const std::string& behaviour) {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / fmt::format("ingot-{}-{}.sh", name, ::getpid());
  std::ofstream(path) << "#!/bin/sh\n"
                      << "if [ \"$1\" = --version ]; then echo 'fake cc 1.0'; exit 0; fi\n"
                      << behaviour << "\n";
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path.string();
}

// Whether process `pid` has ended (gone, or a zombie left to be reaped). SIGKILL reaches
// a process asynchronously, so this waits for it, at most 10 s.
bool ended(long pid) {
  for (int tries = 0; tries < 1000; ++tries) {
    std::ifstream stat(fmt::format("/proc/{}/stat", pid));
    std::string skip, state;
    if (!(stat >> skip >> skip >> state) || state == "Z") return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

class CompilerLimits : public ::testing::Test {
 protected:
  void TearDown() override {
    context().set_cpu_compiler(saved_compiler_);
    context().set_compile_timeout(saved_timeout_);
  }
  static Context& context() { return Context::global(); }

  // Realizes a kernel no other test makes (its constant) with `compiler`; returns the
  // Error's message, having checked that the same kernel computes once the real compiler
  // is back.
  std::string compile_with(const std::string& compiler, double constant) {
    Tensor x = Tensor::from_vector<float>({1, 2, 3}, {3}, "CPU");
    Tensor y = x * constant + 0.25;
    context().set_cpu_compiler(compiler);
    std::string message;
    try {
      y.realize();
      ADD_FAILURE() << "the compile with " << compiler << " succeeded";
    } catch (const Error& e) {
      message = e.what();
    }
    context().set_cpu_compiler(saved_compiler_);
    std::vector<float> values = y.to_vector<float>();
    for (int i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(values[i], float((i + 1) * constant + 0.25));
    return message;
  }

  std::string saved_compiler_ = context().cpu_compiler();
  double saved_timeout_ = context().compile_timeout();
};

void expect_mentions(const std::string& message, const std::vector<std::string>& parts) {
  for (const std::string& part : parts)
    EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
}

TEST_F(CompilerLimits, AHungCompilerIsKilledAtTheTimeLimit) {
  std::string compiler = fake_compiler("hangs", "sleep 300");
  context().set_compile_timeout(1);
  std::string message = compile_with(compiler, 3.0517578125);
  expect_mentions(message, {compiler, "within 1 s", "INGOT_COMPILE_TIMEOUT", "kernel '", "CPU"});
  std::filesystem::remove(compiler);
}

TEST_F(CompilerLimits, ACompilerKilledByASignalIsReportedAsSuch) {
  std::string compiler = fake_compiler("killed", "kill -9 $$");
  std::string message = compile_with(compiler, 5.0625);
  expect_mentions(message, {compiler, "killed by signal 9", "kernel '"});
  std::filesystem::remove(compiler);
}

TEST_F(CompilerLimits, TheTimeLimitKillsWhatTheCompilerStarted) {
  // The shell prints the pid of a child it started, then waits for it.
  ProcessResult result = run_process({"/bin/sh", "-c", "sleep 300 & echo $!; wait"}, 0.5);
  EXPECT_TRUE(result.timed_out);
  EXPECT_EQ(result.signal, 9);
  long child = std::stol(result.output);
  EXPECT_TRUE(ended(child)) << "the compiler's child " << child << " still runs";
  EXPECT_EQ(result.ending(), "ran past its time limit and was killed");
}

TEST_F(CompilerLimits, AProcessWithinTheLimitIsUntouched) {
  ProcessResult result = run_process({"/bin/sh", "-c", "echo done; exit 3"}, 30);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_EQ(result.output, "done\n");
  EXPECT_EQ(result.ending(), "exited with code 3");
}

TEST_F(CompilerLimits, ANegativeTimeLimitIsRefused) {
  EXPECT_THROW(context().set_compile_timeout(-1), ArgumentError);
  EXPECT_EQ(context().compile_timeout(), saved_timeout_);
}

}  // namespace
}  // namespace ingot
