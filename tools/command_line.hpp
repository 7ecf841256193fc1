// A program's command line: its options and flags, --help, and checks on their values,
// for the benchmarks, the examples, the fuzzer and `ingot`. CLI11 parses it, compiled in
// command_line.cpp alone: CLI11 is header-only, and its parser compiled into each of
// twenty programs cost about 13 s of CPU each at -O3, a sixth of CI's plain build.
#pragma once

#include <memory>
#include <optional>
#include <string>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace ingot::tools {

class CommandLine {
 public:
  // One option, refined after it was added.
  class Option {
   public:
    Option& positive();                   // a number above 0
    Option& non_negative();               // a number of at least 0
    Option& range(double lo, double hi);  // a number in [lo, hi]
    Option& required();
    Option& show_default();  // --help shows the value the variable held when added
    Option& excludes(const Option& other);
    Option& delimiter(char separator);  // a list's values may also come as "a,b,c"

   private:
    friend class CommandLine;
    explicit Option(CLI::Option* option) : option_(option) {}
    CLI::Option* option_;
  };

  explicit CommandLine(const std::string& description);
  // Adds to `app`, the caller's (a subcommand of `ingot`), which parses.
  explicit CommandLine(CLI::App& app);
  ~CommandLine();
  CommandLine(const CommandLine&) = delete;
  CommandLine& operator=(const CommandLine&) = delete;

  // `names`: "--name", "-n,--name", or "name" for a positional argument. `value` holds the
  // default and receives what is given. T is one of the types command_line.cpp
  // instantiates: numbers, std::string, std::vector<std::string> (an option given several
  // times, or a positional taking the rest), std::optional<unsigned long>.
  template <class T>
  Option option(const std::string& names, T& value, const std::string& help = "");
  Option flag(const std::string& names, bool& value, const std::string& help = "");

  // Parses the arguments: nullopt to go on, else the status to exit with after CLI11
  // printed the help (0) or the error.
  std::optional<int> parse(int argc, char** argv);

 private:
  std::unique_ptr<CLI::App> owned_;
  CLI::App* app_;
};

}  // namespace ingot::tools
