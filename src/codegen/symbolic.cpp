#include "codegen/symbolic.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <numeric>
#include <optional>
#include <set>

namespace ingot::sym {
namespace {

int64_t floor_div(int64_t a, int64_t d) { return a / d - ((a % d != 0) && ((a < 0) != (d < 0))); }

Expr make(Kind kind, int64_t c, std::vector<Expr> args, int64_t lo, int64_t hi, int var = -1) {
  auto n = std::make_shared<Node>();
  n->kind = kind;
  n->c = c;
  n->args = std::move(args);
  n->lo = lo;
  n->hi = hi;
  n->var = var;
  return n;
}

// An Add in canonical form: terms (atom, coefficient) ordered by the atom's text, plus a
// constant. Atoms are Var, Div, Mod, Lt and And nodes.
struct Linear {
  std::map<std::string, std::pair<Expr, int64_t>> terms;
  int64_t constant = 0;

  void take(const Expr& e, int64_t scale) {
    switch (e->kind) {
      case Kind::Const:
        constant += e->c * scale;
        return;
      case Kind::Add:
        for (const auto& t : e->args) take(t, scale);
        return;
      case Kind::Mul:
        take(e->args[0], scale * e->c);
        return;
      default: {
        auto& slot = terms[to_string(e)];
        slot.first = e;
        slot.second += scale;
      }
    }
  }

  // (x % d) * c + (y // d) * (c * d) is y * c where y - x is a multiple of d (then
  // y // d = x // d + (y - x) / d), and (x % d) * c + ((y // d) % e) * (c * d) is
  // (y % (d * e)) * c: undoes the split that reshapes make, also where mod() has already
  // dropped multiples of d from x ((i * 256 + j) % 48 is (i * 16 + j) % 48).
  void fold_mod_div_pairs() {
    for (bool changed = true; changed;) {
      changed = false;
      for (auto it = terms.begin(); it != terms.end() && !changed; ++it) {
        const auto& [atom, coef] = it->second;
        if (atom->kind != Kind::Mod || coef == 0) continue;
        for (auto partner = terms.begin(); partner != terms.end(); ++partner) {
          // The partner is y // d, or (y // d) % e, which makes y % (d * e): the next
          // digit of a split into three or more axes.
          const auto& [other, other_coef] = partner->second;
          const bool digit = other->kind == Kind::Mod && other->args[0]->kind == Kind::Div;
          const Expr& div = digit ? other->args[0] : other;
          if (div->kind != Kind::Div || div->c != atom->c || other_coef != coef * atom->c ||
              !differ_by_multiple(div->args[0], atom->args[0], atom->c))
            continue;
          Expr y = digit ? mod(div->args[0], atom->c * other->c) : div->args[0];
          int64_t c = coef;
          terms.erase(partner);
          terms.erase(it);
          take(y, c);
          changed = true;
          break;
        }
      }
    }
  }

  // Whether y - x is d times an integer-valued sum.
  static bool differ_by_multiple(const Expr& y, const Expr& x, int64_t d) {
    Linear diff;
    diff.take(y, 1);
    diff.take(x, -1);
    if (diff.constant % d != 0) return false;
    return std::all_of(diff.terms.begin(), diff.terms.end(),
                       [&](const auto& term) { return term.second.second % d == 0; });
  }

  Expr build() {
    fold_mod_div_pairs();
    std::vector<Expr> args;
    int64_t lo = constant, hi = constant;
    for (const auto& [key, term] : terms) {
      const auto& [atom, coef] = term;
      if (coef == 0) continue;
      Expr t = coef == 1
                   ? atom
                   : make(Kind::Mul, coef, {atom}, coef > 0 ? atom->lo * coef : atom->hi * coef,
                          coef > 0 ? atom->hi * coef : atom->lo * coef);
      lo += t->lo;
      hi += t->hi;
      args.push_back(t);
    }
    if (args.empty()) return cnst(constant);
    if (constant != 0) args.push_back(cnst(constant));
    if (args.size() == 1) return args[0];
    return make(Kind::Add, 0, std::move(args), lo, hi);
  }
};

Linear linear_of(const Expr& e) {
  Linear l;
  l.take(e, 1);
  return l;
}

// A sum written as c * q + r, with c > 1 dividing d and r within [0, c). Then
// floor((c q + r) / d) = floor(q / (d / c)) and (c q + r) mod d = c (q mod (d / c)) + r:
// the index of a reshaped view, (i * 64 + j) // 8192 with j < 64, becomes i // 128.
struct Split {
  int64_t c;
  Expr q, r;
};

std::optional<Split> split_below(const Expr& a, int64_t d) {
  Linear all = linear_of(a);
  std::set<int64_t> factors;
  for (const auto& [key, term] : all.terms)
    if (int64_t g = std::gcd(term.second, d); g > 1) factors.insert(g);
  for (auto c = factors.rbegin(); c != factors.rend(); ++c) {
    Linear q, r;
    for (const auto& [key, term] : all.terms) {
      if (term.second % *c == 0)
        q.terms[key] = {term.first, term.second / *c};
      else
        r.terms[key] = term;
    }
    if (q.terms.empty()) continue;
    q.constant = floor_div(all.constant, *c);
    r.constant = all.constant - q.constant * *c;
    Expr rest = r.build();
    if (rest->lo >= 0 && rest->hi < *c) return Split{*c, q.build(), rest};
  }
  return std::nullopt;
}

}  // namespace

Expr cnst(int64_t value) { return make(Kind::Const, value, {}, value, value); }

Expr var(int id, int64_t lo, int64_t hi) {
  if (lo == hi) return cnst(lo);
  return make(Kind::Var, 0, {}, lo, hi, id);
}

Expr add(const Expr& a, const Expr& b) {
  Linear l;
  l.take(a, 1);
  l.take(b, 1);
  return l.build();
}

Expr add(const Expr& a, int64_t b) { return add(a, cnst(b)); }

Expr mul(const Expr& a, int64_t b) {
  Linear l;
  l.take(a, b);
  return l.build();
}

Expr floordiv(const Expr& a, int64_t d) {
  if (d == 1) return a;
  if (floor_div(a->lo, d) == floor_div(a->hi, d)) return cnst(floor_div(a->lo, d));
  if (a->kind == Kind::Div) return floordiv(a->args[0], a->c * d);
  if (a->kind == Kind::Mul && a->c > 0 && d % a->c == 0) return floordiv(a->args[0], d / a->c);
  if (a->kind == Kind::Add) {
    // floor((d*Q + R) / d) = Q + floor(R / d) for integral Q (terms or a constant).
    Linear whole, rest;
    Linear all = linear_of(a);
    for (const auto& [key, term] : all.terms) {
      if (term.second % d == 0)
        whole.terms[key] = {term.first, term.second / d};
      else
        rest.terms[key] = term;
    }
    whole.constant = floor_div(all.constant, d);
    rest.constant = all.constant - whole.constant * d;
    if (!whole.terms.empty() || whole.constant != 0)
      return add(whole.build(), floordiv(rest.build(), d));
    if (auto s = split_below(a, d)) return floordiv(s->q, d / s->c);
  }
  return make(Kind::Div, d, {a}, floor_div(a->lo, d), floor_div(a->hi, d));
}

Expr mod(const Expr& a, int64_t d) {
  if (d == 1) return cnst(0);
  if (a->lo >= 0 && a->hi < d) return a;
  if (a->kind == Kind::Const) return cnst(a->c - floor_div(a->c, d) * d);
  if (a->kind == Kind::Mod && a->c % d == 0) return mod(a->args[0], d);
  if (a->kind == Kind::Mul && a->c > 0 && d % a->c == 0)
    return mul(mod(a->args[0], d / a->c), a->c);
  if (a->kind == Kind::Add) {
    Linear all = linear_of(a), rest;
    bool dropped = false;
    for (const auto& [key, term] : all.terms) {
      int64_t c = term.second - floor_div(term.second, d) * d;
      if (c != term.second) dropped = true;
      if (c != 0) rest.terms[key] = {term.first, c};
    }
    rest.constant = all.constant - floor_div(all.constant, d) * d;
    if (rest.constant != all.constant) dropped = true;
    if (dropped) return mod(rest.build(), d);
    if (auto s = split_below(a, d)) return add(mul(mod(s->q, d / s->c), s->c), s->r);
  }
  int64_t lo = 0, hi = d - 1;
  if (a->lo >= 0) hi = std::min(hi, a->hi);
  return make(Kind::Mod, d, {a}, lo, hi);
}

Expr lt(const Expr& a, int64_t bound) {
  if (a->hi < bound) return cnst(1);
  if (a->lo >= bound) return cnst(0);
  return make(Kind::Lt, bound, {a}, 0, 1);
}

Expr ge(const Expr& a, int64_t bound) { return lt(mul(a, -1), 1 - bound); }

Expr logical_and(const Expr& a, const Expr& b) {
  if (is_const(a, 0) || is_const(b, 0)) return cnst(0);
  if (is_const(a, 1)) return b;
  if (is_const(b, 1)) return a;
  std::vector<Expr> args;
  for (const Expr& x : {a, b}) {
    if (x->kind == Kind::And)
      args.insert(args.end(), x->args.begin(), x->args.end());
    else
      args.push_back(x);
  }
  return make(Kind::And, 0, std::move(args), 0, 1);
}

bool is_const(const Expr& e, int64_t value) { return e->kind == Kind::Const && e->c == value; }
bool is_const(const Expr& e) { return e->kind == Kind::Const; }

bool uses_var(const Expr& e, int id) {
  if (e->kind == Kind::Var) return e->var == id;
  for (const auto& a : e->args)
    if (uses_var(a, id)) return true;
  return false;
}

Expr substitute(const Expr& e, int id, const Expr& value) {
  if (!uses_var(e, id)) return e;
  switch (e->kind) {
    case Kind::Const:
      return e;
    case Kind::Var:
      return value;
    case Kind::Add: {
      Expr out = cnst(0);
      for (const auto& a : e->args) out = add(out, substitute(a, id, value));
      return out;
    }
    case Kind::Mul:
      return mul(substitute(e->args[0], id, value), e->c);
    case Kind::Div:
      return floordiv(substitute(e->args[0], id, value), e->c);
    case Kind::Mod:
      return mod(substitute(e->args[0], id, value), e->c);
    case Kind::Lt:
      return lt(substitute(e->args[0], id, value), e->c);
    case Kind::And: {
      Expr out = cnst(1);
      for (const auto& a : e->args) out = logical_and(out, substitute(a, id, value));
      return out;
    }
  }
  return e;
}

bool multiple_of(const Expr& e, int64_t d) {
  switch (e->kind) {
    case Kind::Const:
      return e->c % d == 0;
    case Kind::Add:
      return std::all_of(e->args.begin(), e->args.end(),
                         [&](const Expr& a) { return multiple_of(a, d); });
    case Kind::Mul:
      return e->c % d == 0 || multiple_of(e->args[0], d);
    case Kind::Mod:
      return e->c % d == 0 && multiple_of(e->args[0], d);
    default:
      return e->lo == 0 && e->hi == 0;
  }
}

int64_t coefficient(const Expr& e, int id) {
  if (!uses_var(e, id)) return 0;
  if (e->kind == Kind::Var) return 1;
  if (e->kind == Kind::Mul && e->args[0]->kind == Kind::Var) return e->c;
  if (e->kind != Kind::Add) return INT64_MIN;
  int64_t found = INT64_MIN;
  for (const auto& t : e->args) {
    if (!uses_var(t, id)) continue;
    int64_t c = t->kind == Kind::Var                                      ? 1
                : (t->kind == Kind::Mul && t->args[0]->kind == Kind::Var) ? t->c
                                                                          : INT64_MIN;
    if (c == INT64_MIN || found != INT64_MIN) return INT64_MIN;
    found = c;
  }
  return found;
}

std::string to_string(const Expr& e) {
  switch (e->kind) {
    case Kind::Const:
      return std::to_string(e->c);
    case Kind::Var:
      return "v" + std::to_string(e->var);
    case Kind::Add: {
      std::string s = "(";
      for (size_t i = 0; i < e->args.size(); ++i) s += (i ? "+" : "") + to_string(e->args[i]);
      return s + ")";
    }
    case Kind::Mul:
      return "(" + to_string(e->args[0]) + "*" + std::to_string(e->c) + ")";
    case Kind::Div:
      return "(" + to_string(e->args[0]) + "//" + std::to_string(e->c) + ")";
    case Kind::Mod:
      return "(" + to_string(e->args[0]) + "%" + std::to_string(e->c) + ")";
    case Kind::Lt:
      return "(" + to_string(e->args[0]) + "<" + std::to_string(e->c) + ")";
    case Kind::And: {
      std::string s = "(";
      for (size_t i = 0; i < e->args.size(); ++i) s += (i ? "&&" : "") + to_string(e->args[i]);
      return s + ")";
    }
  }
  return "?";
}

void visit(const Expr& e, const std::function<void(const Expr&)>& fn) {
  for (const auto& a : e->args) visit(a, fn);
  fn(e);
}

}  // namespace ingot::sym
