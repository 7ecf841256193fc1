// The MSL reader's parts (msl_tokens.cpp, msl_source.cpp, msl_kernel_signature.cpp,
// msl_constant_reach.cpp): the tokens of a source, the edits that make it C++, and the
// parser that walks its declarations. Nothing outside them includes it.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "backends/metal/emulator/msl_internal.hpp"

namespace ingot::metal_emulator {

struct Token {
  enum Kind { Ident, Number, Punct, Literal } kind;
  std::string text;
  size_t offset;
  int line;
};

// Replaces `length` bytes at `offset` of the source with `text`.
struct Edit {
  size_t offset, length;
  std::string text;
};

struct Tokens {
  std::vector<Token> tokens;
  std::vector<Edit> edits;  // the lexical ones: #include <metal_*> and literals
};

// The tokens of `source` (comments and preprocessor lines skipped), with the edits its
// lexical spellings need: each #include <metal_...> line blanked (the header comes first
// instead), an unsuffixed floating literal made a float (Metal has no double) and a half
// (1.5h) or bfloat (1.5bf) literal spelled as a cast.
Tokens tokenize_msl(const std::string& source);

// Calls that make a kernel's threads wait for each other, so they must run as fibers.
bool synchronizing(const std::string& name);

class MslParser {
 public:
  explicit MslParser(const std::string& source);
  ParsedSource run();

 private:
  // One kernel parameter as declared: its binding's kind ("buffer", "threadgroup", or
  // a built-in's field) and index (-1 until an implicit one is assigned).
  struct Parameter {
    std::string kind, name;
    int64_t index = -1;
    int line = 0;
    std::string condition;  // [[buffer(i), function_constant(c)]]: there only when c is true
  };
  struct Declaration {
    std::string name;
    std::set<std::string> refers;
  };
  // A declaration at namespace scope with a body: its tokens from `begin`, the body's
  // braces at `open` and `close`.
  struct Definition {
    size_t begin, open, close;
  };
  // A function's definition: its name's token and its return type's tokens
  // [type_begin, type_end).
  struct Function {
    Definition body;
    size_t name = 0, type_begin = 0, type_end = 0;
    size_t owner = 0;  // a member function's struct body's opening brace; 0 at namespace scope
  };

  // ---- structure (msl_source.cpp) ----
  [[noreturn]] void fail(int line, const std::string& what) const;
  // Blanks tokens [first, last] but their line breaks: an MSL attribute such as
  // [[threadgroup(0)]] would not survive the keyword macros, and C++ ignores them anyway.
  void blank(size_t first, size_t last);
  bool is(size_t i, const char* text) const;
  // The index of the token closing the bracket opened at `i` (also a template's `<`).
  size_t match(size_t i) const;
  int64_t number(size_t i, const std::string& what) const;
  // Namespace scope [begin, end): namespaces, attributes, and function bodies.
  void scope(size_t begin, size_t end, const std::string& prefix);

  // ---- kernels (msl_kernel_signature.cpp) ----
  // A kernel whose body is the braces [open, close]; a templated one waits for its
  // `template [[host_name("name")]] kernel ...` instantiations.
  void parse_kernel(size_t open, size_t close, const std::string& prefix, int64_t max_threads,
                    bool templated);
  // `template [[host_name("name")]] kernel void f<T...>(...);` in tokens [begin, end): a
  // kernel named `name` (or `f<T...>` without host_name) of the templated kernel f.
  void instantiation(size_t begin, size_t end, const std::string& prefix);
  // The parameter in tokens [begin, end), from its [[attribute]]: a pointer or reference
  // without one takes the next free buffer (or, in threadgroup memory, threadgroup) index.
  Parameter parameter(ParsedKernel& k, size_t begin, size_t end);
  // Gives each buffer and threadgroup parameter without an index the next free one of its
  // kind in parameter order, as Metal does (after an explicit index, counting goes on
  // from it), and makes each parameter's tag type.
  void bind_implicit(ParsedKernel& k, std::vector<Parameter>& parameters);
  // `threadgroup T a[...], b;` at token i: shared by the group's threads, and each
  // declarator counted in the kernel's static threadgroup memory. Pointers to threadgroup
  // memory stay as they are.
  void threadgroup_variable(size_t i, size_t close, int slot, int& arrays);

  // ---- lanes as coroutines (msl_lanes.cpp) ----
  // Makes the edits that run the lanes of synchronizing kernels as coroutines; returns the
  // names of the functions made coroutines, or none (and no edit) where a synchronizing
  // call is out of the rewrite's reach (see msl_lanes.cpp). With `matrix_lanes` (lanes
  // hold their simdgroup matrices' elements) the matrix multiplies synchronize too.
  std::set<std::string> plan_lanes(bool matrix_lanes);
  // The function `d` defines; nullopt for a struct, an initializer, an operator.
  std::optional<Function> function_at(const Definition& d) const;
  // The member functions defined in the struct or class body [open, close], nested
  // structs' included, appended to `functions`.
  void member_functions(size_t open, size_t close, std::vector<Function>& functions) const;
  // The opening brace of the struct or class `d` defines; nullopt for anything else.
  std::optional<size_t> struct_body(const Definition& d) const;
  // The first token of the callee expression whose name is at `i`: `f`, `ns::f`, `x.f`,
  // `p->template f`, `X<T>::f`; nullopt where it starts with something else (`g().f`,
  // `a[i].f`).
  std::optional<size_t> callee_begin(size_t i) const;
  // The `<` opening the template arguments that the `>` at `close` ends; nullopt where
  // there is none.
  std::optional<size_t> template_open(size_t close) const;
  // For each token, whether it stands inside a `decltype(...)`: there a function's name is
  // not called, and names the function's type as rewritten.
  std::vector<char> inside_decltype() const;
  // Whether the name at `i` is called: `f(` or `f<...>(`; call_end: the call's `)`.
  bool is_call(size_t i) const;
  size_t call_end(size_t i) const;
  // Whether every call of a synchronizing function (`sync`) or of a function reaching one
  // (`coroutines`) stands where the rewrite can await it, and every other use of those
  // names where it can leave it as it is; `instances` gets the return types of the
  // explicit instantiations to wrap.
  bool calls_in_reach(const std::vector<Function>& functions, const std::set<std::string>& sync,
                      const std::set<std::string>& coroutines,
                      std::vector<std::pair<size_t, size_t>>& instances) const;
  // Makes the return type in tokens [begin, end) ingot_msl::lane<type>.
  void wrap_type(size_t begin, size_t end);

  // ---- function constants (msl_constant_reach.cpp) ----
  // `constant T name [[function_constant(index)]];`, its attribute at tokens [attr, close]:
  // made `static const T name = INGOT_MSL_FC_VALUE(name);`.
  void function_constant(size_t begin, size_t attr, size_t close);
  // A declaration at namespace scope, tokens [begin, end): the name it declares and the
  // names it refers to, for the function constants each kernel reaches. A name inside
  // is_function_constant_defined(...) is no use of the constant: it has a default.
  void declaration(size_t begin, size_t end);
  // The function constants the kernel `name` reaches through the names it refers to.
  std::vector<MslFunctionConstant> reached_constants(const std::string& name) const;

  const std::string& src_;
  std::vector<Token> tokens_;
  std::vector<Edit> edits_;
  std::vector<ParsedKernel> kernels_;
  bool sync_outside_kernels_ = false;
  std::vector<MslFunctionConstant> constants_;
  std::map<std::string, ParsedKernel> templates_;  // templated kernels, by qualified name
  int slots_ = 0;                                  // threadgroup-byte slots handed out
  std::vector<Declaration> declarations_;
  std::vector<Definition> definitions_;
  std::vector<std::pair<size_t, size_t>> instantiations_;  // `template ...;`: [begin, end)
  std::set<std::string> guarded_;  // names asked about with is_function_constant_defined
};

}  // namespace ingot::metal_emulator
