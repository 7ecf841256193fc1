// Integer index expressions with known bounds, kept in a canonical form so that views
// composed of reshapes, permutes and expands simplify back to plain affine indices.
// Division and modulo are floor division by positive constants.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ingot::sym {

struct Node;
using Expr = std::shared_ptr<const Node>;

enum class Kind { Const, Var, Add, Mul, Div, Mod, Lt, And };

struct Node {
  Kind kind;
  int64_t c = 0;           // Const value; Mul factor; Div/Mod divisor; Lt bound
  int var = -1;            // Var id
  std::vector<Expr> args;  // Add terms (constant last, if any); Mul/Div/Mod/Lt operand; And terms
  int64_t lo = 0, hi = 0;  // inclusive bounds
};

Expr cnst(int64_t value);
// A variable numbered `id` ranging over [lo, hi].
Expr var(int id, int64_t lo, int64_t hi);
Expr add(const Expr& a, const Expr& b);
Expr add(const Expr& a, int64_t b);
Expr mul(const Expr& a, int64_t b);
Expr floordiv(const Expr& a, int64_t d);
Expr mod(const Expr& a, int64_t d);
Expr lt(const Expr& a, int64_t bound);  // 1 when a < bound, else 0
Expr ge(const Expr& a, int64_t bound);  // 1 when a >= bound, else 0
Expr logical_and(const Expr& a, const Expr& b);

bool is_const(const Expr& e, int64_t value);
bool is_const(const Expr& e);
// True if variable `id` occurs in e.
bool uses_var(const Expr& e, int id);
// Replaces variable `id` by `value`, re-simplifying.
Expr substitute(const Expr& e, int id, const Expr& value);
// e(var=1) - e(var=0) when e is affine in var with that constant coefficient and var
// appears nowhere else; nullopt-like sentinel INT64_MIN otherwise.
int64_t coefficient(const Expr& e, int id);
// True when every value of e is a multiple of d: constants that are, and variables only
// under such factors.
bool multiple_of(const Expr& e, int64_t d);
// A stable text form, used as a cache key and in debug output.
std::string to_string(const Expr& e);
// Visits subexpressions bottom-up (children before parents).
void visit(const Expr& e, const std::function<void(const Expr&)>& fn);

}  // namespace ingot::sym
