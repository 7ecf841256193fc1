#include "command_line.hpp"

#include <CLI/CLI.hpp>
#include <vector>

namespace ingot::tools {

CommandLine::Option& CommandLine::Option::positive() {
  option_->check(CLI::PositiveNumber);
  return *this;
}

CommandLine::Option& CommandLine::Option::non_negative() {
  option_->check(CLI::NonNegativeNumber);
  return *this;
}

CommandLine::Option& CommandLine::Option::range(double lo, double hi) {
  option_->check(CLI::Range(lo, hi));
  return *this;
}

CommandLine::Option& CommandLine::Option::required() {
  option_->required();
  return *this;
}

CommandLine::Option& CommandLine::Option::show_default() {
  option_->capture_default_str();
  return *this;
}

CommandLine::Option& CommandLine::Option::excludes(const Option& other) {
  option_->excludes(other.option_);
  return *this;
}

CommandLine::Option& CommandLine::Option::delimiter(char separator) {
  option_->delimiter(separator);
  return *this;
}

CommandLine::CommandLine(const std::string& description)
    : owned_(std::make_unique<CLI::App>(description)), app_(owned_.get()) {}

CommandLine::CommandLine(CLI::App& app) : app_(&app) {}

CommandLine::~CommandLine() = default;

template <class T>
CommandLine::Option CommandLine::option(const std::string& names, T& value,
                                        const std::string& help) {
  return Option(app_->add_option(names, value, help));
}

CommandLine::Option CommandLine::flag(const std::string& names, bool& value,
                                      const std::string& help) {
  return Option(app_->add_flag(names, value, help));
}

std::optional<int> CommandLine::parse(int argc, char** argv) {
  try {
    app_->parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app_->exit(e);
  }
  return std::nullopt;
}

// The types the programs' options hold.
#define INGOT_COMMAND_LINE_TYPE(T) \
  template CommandLine::Option CommandLine::option<T>(const std::string&, T&, const std::string&);
INGOT_COMMAND_LINE_TYPE(int)
INGOT_COMMAND_LINE_TYPE(long)
INGOT_COMMAND_LINE_TYPE(unsigned)
INGOT_COMMAND_LINE_TYPE(unsigned long)
INGOT_COMMAND_LINE_TYPE(double)
INGOT_COMMAND_LINE_TYPE(std::string)
INGOT_COMMAND_LINE_TYPE(std::vector<std::string>)
INGOT_COMMAND_LINE_TYPE(std::optional<unsigned long>)
#undef INGOT_COMMAND_LINE_TYPE

}  // namespace ingot::tools
