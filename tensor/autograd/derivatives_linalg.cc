// Derivatives of the torch.linalg decompositions (tensor/ops/linalg/lapack.cc): inv, det,
// slogdet, solve, cholesky, eigh/eigvalsh and matrix_exp, with PyTorch 1.13's node names
// (qr and svd have none yet: their backward raises "derivative ... is not implemented"). Formulas are
// derivatives.yaml's (for real inputs, where A^H is A^T). det and slogdet use inv(A)^T,
// so their gradient at a singular matrix fails where PyTorch's SVD-based one does not.
#include <string>
#include <vector>

#include "base/python_error.h"
#include "tensor/autograd/derivatives.h"

namespace wick::tensor::autograd {
namespace {

using G = GradCtx;
using F = FormulaBuilder;
using V = std::vector<Tensor>;

Tensor Mt(F& f, const Tensor& m) { return f.Op("transpose", {m, -2, -1}); }
Tensor Mm(F& f, const Tensor& a, const Tensor& b) { return f.Op("matmul", {a, b}); }

// The gradient of A = QR (reduced, A [m, n] with m >= n) from gQ, gR (either undefined):
// (gQ + Q copyltu(M)) R^{-T} with M = R gR^T - gQ^T Q and copyltu(M) its lower triangle
// mirrored above the diagonal (upstream's formula, real case).
Tensor QrBackwardTall(F& f, const Tensor& q, const Tensor& r, const Tensor& gq,
                      const Tensor& gr) {
  Tensor m;
  if (gr.defined()) m = Mm(f, r, Mt(f, gr));
  if (gq.defined()) {
    Tensor qq = Mm(f, Mt(f, gq), q);
    m = m.defined() ? f.Sub(m, qq) : f.Neg(qq);
  }
  Tensor b;
  if (m.defined()) {
    Tensor low = f.Op("tril", {m, -1});
    Tensor sym = f.Add(f.Op("tril", {m}), Mt(f, low));
    b = Mm(f, q, sym);
  }
  if (gq.defined()) b = b.defined() ? f.Add(b, gq) : gq;
  // X R^T = B: R X^T = B^T.
  return Mt(f, f.Op("linalg_solve", {r, Mt(f, b)}));
}

// A = QR for any shape: wide A = [X | Y] (m < n) has R = [U | V] with X = QU, Y = QV, so
// X gets the tall gradient with gQ + Y gV^T and Y gets Q gV.
Tensor QrBackward(F& f, const Tensor& a, const Tensor& q, const Tensor& r, const Tensor& gq,
                  const Tensor& gr) {
  const int64_t m = a.size(a.dim() - 2), n = a.size(a.dim() - 1);
  if (m >= n) return QrBackwardTall(f, q, r, gq, gr);
  Tensor u = f.Op("narrow", {r, -1, 0, m});
  Tensor y = f.Op("narrow", {a, -1, m, n - m});
  Tensor gu, gv;
  if (gr.defined()) {
    gu = f.Op("narrow", {gr, -1, 0, m});
    gv = f.Op("narrow", {gr, -1, m, n - m});
  }
  Tensor gq_x = gq;
  if (gv.defined()) {
    Tensor ygv = Mm(f, y, Mt(f, gv));
    gq_x = gq_x.defined() ? f.Add(gq_x, ygv) : ygv;
  }
  Tensor gx = QrBackwardTall(f, q, u, gq_x, gu);
  Tensor gy = gv.defined() ? Mm(f, q, gv) : f.ZerosLike(y);
  return f.Op("cat", {Value(std::vector<Tensor>{gx, gy}), -1});
}
// t[..., None, None]: a per-matrix scalar against its matrix.
Tensor PerMatrix(F& f, const Tensor& t) {
  return f.Op("unsqueeze", {f.Op("unsqueeze", {t, -1}), -1});
}
// d<g, exp(A)>/dA: the upper-right block of exp([[A^T, g], [0, A^T]]).
Tensor MatrixExpBackward(F& f, const Tensor& a, const Tensor& g) {
  const int64_t n = a.size(a.dim() - 1);
  Tensor at = Mt(f, a);
  Tensor top = f.Op("cat", {Value(std::vector<Tensor>{at, g}), -1});
  Tensor bottom = f.Op("cat", {Value(std::vector<Tensor>{f.ZerosLike(g), at}), -1});
  Tensor big = f.Op("cat", {Value(std::vector<Tensor>{top, bottom}), -2});
  Tensor e = f.Op("linalg_matrix_exp", {big});
  return f.Op("narrow", {f.Op("narrow", {e, -2, 0, n}), -1, n, n});
}

// Cholesky: gA = sym(L^-T Phi(L^T gL) L^-1), Phi = lower triangle with half diagonal.
Tensor CholeskyBackward(F& f, const Tensor& l_in, const Tensor& g_in, bool upper) {
  Tensor l = upper ? Mt(f, l_in) : l_in;
  Tensor g = upper ? Mt(f, g_in) : g_in;
  Tensor phi = f.Op("tril", {Mm(f, Mt(f, l), g)});
  Tensor diag = f.Op("diag_embed", {f.Op("diagonal", {phi, 0, -2, -1})});
  phi = f.Sub(phi, f.Mul(diag, 0.5));
  Tensor linv = f.Op("linalg_inv", {l});
  Tensor ga = Mm(f, Mm(f, Mt(f, linv), phi), linv);
  return f.Mul(f.Add(ga, Mt(f, ga)), 0.5);
}

// eigh: gA = V (diag(gw) + offdiag(V^T gV / E)) V^T with E_ij = w_j - w_i.
Tensor EighBackward(F& f, const Tensor& w, const Tensor& v, const Tensor& gw, const Tensor& gv) {
  Tensor inner;
  if (gv.defined()) {
    Tensor e = f.Sub(f.Op("unsqueeze", {w, -2}), f.Op("unsqueeze", {w, -1}));
    e = f.Add(e, f.Op("diag_embed", {f.Op("ones_like", {w})}));  // no 0/0 on the diagonal
    inner = f.Div(Mm(f, Mt(f, v), gv), e);
    inner = f.Sub(inner, f.Op("diag_embed", {f.Op("diagonal", {inner, 0, -2, -1})}));
  }
  if (gw.defined()) {
    Tensor dg = f.Op("diag_embed", {gw});
    inner = inner.defined() ? f.Add(inner, dg) : dg;
  }
  if (!inner.defined()) return Tensor();
  return Mm(f, Mm(f, v, inner), Mt(f, v));
}

void Decompositions(std::vector<Derivative>& d) {
  // inv: gA = -R^T g R^T with R = inv(A).
  auto inv_formula = [](const G& c, F& f) -> V {
    Tensor rt = Mt(f, c.result());
    return {f.Neg(Mm(f, Mm(f, rt, c.grad()), rt))};
  };
  d.push_back({"linalg_inv", "LinalgInvExBackward0", {kResult}, inv_formula, {}});
  d.push_back({"inverse", "LinalgInvExBackward0", {kResult}, inv_formula, {}});
  // det: gA = (g det) inv(A)^T.
  auto det_formula = [](const G& c, F& f) -> V {
    Tensor scale = PerMatrix(f, f.Mul(c.grad(), c.result()));
    return {f.Mul(scale, Mt(f, f.Op("linalg_inv", {c.in(0)})))};
  };
  d.push_back({"linalg_det", "LinalgDetBackward0", {0, kResult}, det_formula, {}});
  d.push_back({"det", "LinalgDetBackward0", {0, kResult}, det_formula, {}});
  // slogdet: only logabsdet is differentiable; gA = g_logabsdet inv(A)^T.
  auto slogdet_formula = [](const G& c, F& f) -> V {
    if (c.grads.size() < 2 || !c.grad(1).defined()) return {Tensor()};
    return {f.Mul(PerMatrix(f, c.grad(1)), Mt(f, f.Op("linalg_inv", {c.in(0)})))};
  };
  d.push_back({"linalg_slogdet", "LinalgSlogdetBackward0", {0}, slogdet_formula, {}});
  d.push_back({"slogdet", "LinalgSlogdetBackward0", {0}, slogdet_formula, {}});
  // solve (left): gB = solve(A^T, g), gA = -gB X^T, summed over broadcast batch dims.
  d.push_back({"linalg_solve",
               "LinalgSolveExBackward0",
               {0, 1, kResult},
               [](const G& c, F& f) -> V {
                 const Tensor &a = c.in(0), &b = c.in(1), &x = c.result();
                 if (!c.a().bool_(2)) {
                   f.Fail(RuntimeError(
                       "derivative for aten::linalg_solve is not implemented for left=False"));
                   return {};
                 }
                 Tensor gb = f.Op("linalg_solve", {Mt(f, a), c.grad()});
                 const bool vector = x.dim() == b.dim() && x.dim() == a.dim() - 1;
                 Tensor ga;
                 if (c.needs[0]) {
                   ga = vector ? f.Op("unsqueeze", {gb, -1}) : gb;
                   Tensor xm = vector ? f.Op("unsqueeze", {x, -1}) : x;
                   ga = f.SumTo(f.Neg(Mm(f, ga, Mt(f, xm))), Sizes(a));
                 }
                 return {ga, c.needs[1] ? f.SumTo(gb, Sizes(b)) : Tensor()};
               },
               {}});
  d.push_back({"linalg_cholesky",
               "LinalgCholeskyExBackward0",
               {kResult},
               [](const G& c, F& f) -> V {
                 return {CholeskyBackward(f, c.result(), c.grad(), c.a().bool_(1))};
               },
               {}});
  d.push_back({"linalg_eigh", "LinalgEighBackward0", {kResult},
               [](const G& c, F& f) -> V {
                 const Tensor gv = c.grads.size() > 1 ? c.grad(1) : Tensor();
                 return {EighBackward(f, c.result(0), c.result(1), c.grad(0), gv)};
               },
               {}});
  d.push_back({"linalg_qr", "LinalgQrBackward0", {0, kResult},
               [](const G& c, F& f) -> V {
                 const std::string mode = c.a().string(1);
                 const Tensor& a = c.in(0);
                 const int64_t m = a.size(a.dim() - 2), n = a.size(a.dim() - 1);
                 if (mode == "r") {
                   f.Fail(RuntimeError(
                       "The derivative of linalg.qr depends on Q, which is not computed when "
                       "mode='r'. Please use linalg.qr(A, mode='reduced') if you are going to "
                       "differentiate through linalg.qr."));
                   return {Tensor()};
                 }
                 if (mode == "complete" && m > n) {
                   f.Fail(RuntimeError("The QR decomposition is not differentiable when "
                                       "mode='complete' and nrows > ncols."));
                   return {Tensor()};
                 }
                 const Tensor gr = c.grads.size() > 1 ? c.grad(1) : Tensor();
                 return {QrBackward(f, a, c.result(0), c.result(1), c.grad(0), gr)};
               },
               {}});
  // svdvals keeps no singular vectors: the formula computes them again. For A = U S Vh
  // (reduced), dS reaches A as U diag(dS) Vh.
  d.push_back({"linalg_svdvals", "LinalgSvdBackward0", {0},
               [](const G& c, F& f) -> V {
                 std::vector<Tensor> usv = f.Ops("linalg_svd", {c.in(0), false});
                 if (usv.size() != 3) return {Tensor()};
                 Tensor scaled = f.Mul(usv[0], f.Op("unsqueeze", {c.grad(), -2}));
                 return {f.Op("matmul", {scaled, usv[2]})};
               },
               {}});
  // eigvalsh keeps no eigenvectors: the formula computes them again.
  d.push_back({"linalg_eigvalsh", "LinalgEighBackward0", {0},
               [](const G& c, F& f) -> V {
                 std::vector<Tensor> wv = f.Ops("linalg_eigh", {c.in(0), c.a().string(1)});
                 if (wv.size() != 2) return {Tensor()};
                 return {EighBackward(f, wv[0], wv[1], c.grad(), Tensor())};
               },
               {}});
  auto mexp_formula = [](const G& c, F& f) -> V {
    return {MatrixExpBackward(f, c.in(0), c.grad())};
  };
  d.push_back({"linalg_matrix_exp", "LinalgMatrixExpBackward0", {0}, mexp_formula, {}});
  d.push_back({"matrix_exp", "LinalgMatrixExpBackward0", {0}, mexp_formula, {}});
}

}  // namespace

void AddDecompositionDerivatives() {
  std::vector<Derivative> d;
  Decompositions(d);
  AddDerivatives(std::move(d));
}

}  // namespace wick::tensor::autograd
