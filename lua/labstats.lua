-- labstats: the statistics of the designer's lab (varia analyze, varia
-- diff), pure functions of numbers so that each can be tested against
-- values computed by hand (tests/lua/test_lab.lua).
--
-- Intervals are 95% unless a z or level says otherwise: Wilson's score
-- interval for rates, Student's t for means. Tests of a difference give
-- two-sided p-values: a z-test of two proportions, Welch's t-test of two
-- means. The piece values come from a logistic regression fitted by
-- Newton's method (iteratively reweighted least squares).
local M = {}

M.Z95 = 1.959963984540054

-- Wilson's score interval for k successes in n trials (k may be a half
-- integer: a score with draws counted as half a point). Returns the rate,
-- the lower and the upper bound; nil when n is 0.
function M.wilson(k, n, z)
  if n <= 0 then return nil end
  z = z or M.Z95
  local p, z2 = k / n, z * z
  local centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  local half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
  return p, math.max(0, centre - half), math.min(1, centre + half)
end

-- The complementary error function (Numerical Recipes' erfcc, relative
-- error below 1.2e-7 everywhere).
local function erfc(x)
  local z = math.abs(x)
  local t = 1 / (1 + 0.5 * z)
  local r = t * math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 +
    t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 +
    t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))))
  return x >= 0 and r or 2 - r
end

-- P(|Z| > |z|) for a standard normal Z.
function M.normal_two_sided(z)
  return erfc(math.abs(z) / math.sqrt(2))
end

-- The regularized incomplete beta function I_x(a, b), by the continued
-- fraction (Numerical Recipes' betacf), for Student's t distribution.
local function betacf(a, b, x)
  local qab, qap, qam = a + b, a + 1, a - 1
  local c, d = 1, 1 - qab * x / qap
  if math.abs(d) < 1e-300 then d = 1e-300 end
  d = 1 / d
  local h = d
  for m = 1, 300 do
    local m2 = 2 * m
    local aa = m * (b - m) * x / ((qam + m2) * (a + m2))
    d = 1 + aa * d; if math.abs(d) < 1e-300 then d = 1e-300 end
    c = 1 + aa / c; if math.abs(c) < 1e-300 then c = 1e-300 end
    d = 1 / d
    h = h * d * c
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
    d = 1 + aa * d; if math.abs(d) < 1e-300 then d = 1e-300 end
    c = 1 + aa / c; if math.abs(c) < 1e-300 then c = 1e-300 end
    d = 1 / d
    local del = d * c
    h = h * del
    if math.abs(del - 1) < 1e-14 then break end
  end
  return h
end

local function lgamma(x) -- Lanczos, for x > 0
  local g = { 76.18009172947146, -86.50532032941677, 24.01409824083091,
    -1.231739572450155, 0.1208650973866179e-2, -0.5395239384953e-5 }
  local y, tmp = x, x + 5.5
  tmp = tmp - (x + 0.5) * math.log(tmp)
  local ser = 1.000000000190015
  for j = 1, 6 do y = y + 1; ser = ser + g[j] / y end
  return -tmp + math.log(2.5066282746310005 * ser / x)
end

local function ibeta(a, b, x)
  if x <= 0 then return 0 elseif x >= 1 then return 1 end
  local bt = math.exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * math.log(x) + b * math.log(1 - x))
  if x < (a + 1) / (a + b + 2) then return bt * betacf(a, b, x) / a end
  return 1 - bt * betacf(b, a, 1 - x) / b
end

-- P(|T| > |t|) for Student's t with df degrees of freedom (df may be
-- fractional, as Welch's).
function M.t_two_sided(t, df)
  return ibeta(df / 2, 0.5, df / (df + t * t))
end

-- The t quantile q with P(|T| > q) = alpha (default 0.05), by bisection
-- on the distribution above.
function M.t_quantile(df, alpha)
  alpha = alpha or 0.05
  local lo, hi = 0, 1000
  for _ = 1, 100 do
    local mid = (lo + hi) / 2
    if M.t_two_sided(mid, df) > alpha then lo = mid else hi = mid end
  end
  return (lo + hi) / 2
end

-- Mean, sample standard deviation and count of a list.
function M.moments(xs)
  local n, s = #xs, 0
  if n == 0 then return nil, nil, 0 end
  for i = 1, n do s = s + xs[i] end
  local mean, ss = s / n, 0
  for i = 1, n do ss = ss + (xs[i] - mean) ^ 2 end
  return mean, n > 1 and math.sqrt(ss / (n - 1)) or 0, n
end

-- The mean of xs with its t-interval: mean, lower, upper (the bounds are
-- the mean itself for fewer than two values). nil for an empty list.
function M.mean_ci(xs)
  local mean, sd, n = M.moments(xs)
  if not mean then return nil end
  if n < 2 then return mean, mean, mean end
  local half = M.t_quantile(n - 1) * sd / math.sqrt(n)
  return mean, mean - half, mean + half
end

-- Two-sided p-value of the difference of two rates, k1/n1 against k2/n2
-- (the pooled z-test); 1 when nothing can be told apart.
function M.two_proportions(k1, n1, k2, n2)
  if n1 == 0 or n2 == 0 then return 1 end
  local p = (k1 + k2) / (n1 + n2)
  local se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
  if se == 0 then return (k1 / n1 == k2 / n2) and 1 or 0 end
  return M.normal_two_sided((k1 / n1 - k2 / n2) / se)
end

-- Two-sided p-value of the difference of two means (Welch's t-test).
function M.welch(xs, ys)
  local m1, s1, n1 = M.moments(xs)
  local m2, s2, n2 = M.moments(ys)
  if n1 < 2 or n2 < 2 then return 1 end
  local v1, v2 = s1 * s1 / n1, s2 * s2 / n2
  if v1 + v2 == 0 then return m1 == m2 and 1 or 0 end
  local t = (m1 - m2) / math.sqrt(v1 + v2)
  local df = (v1 + v2) ^ 2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1))
  return M.t_two_sided(t, df)
end

-- Solves A x = b (A a list of rows, both changed) by Gaussian elimination
-- with partial pivoting. Returns x, or nil when A is singular.
function M.solve(A, b)
  local n = #b
  for c = 1, n do
    local piv = c
    for r = c + 1, n do
      if math.abs(A[r][c]) > math.abs(A[piv][c]) then piv = r end
    end
    if math.abs(A[piv][c]) < 1e-12 then return nil end
    A[c], A[piv] = A[piv], A[c]
    b[c], b[piv] = b[piv], b[c]
    for r = c + 1, n do
      local f = A[r][c] / A[c][c]
      if f ~= 0 then
        for k = c, n do A[r][k] = A[r][k] - f * A[c][k] end
        b[r] = b[r] - f * b[c]
      end
    end
  end
  local x = {}
  for r = n, 1, -1 do
    local s = b[r]
    for k = r + 1, n do s = s - A[r][k] * x[k] end
    x[r] = s / A[r][r]
  end
  return x
end

-- Logistic regression of outcomes y (each in [0, 1]: a draw is 0.5) on
-- the rows of X (lists of k numbers), with an intercept: maximises the
-- likelihood of P(y) = 1 / (1 + exp(-(b0 + b . x))), with a ridge of
-- lambda (default 1e-6 times the count of rows) so that a feature that
-- never varies, or separates the outcomes, still gives a finite answer.
-- opts, all optional: offset (a number per row added to its b0 + b . x),
-- ridge (per coefficient, [0] the intercept's, in place of lambda: a
-- penalty of ridge[j] / 2 * b_j^2), start ({ [0] = b0, b1 .. bk }),
-- steps (Newton's, 50) and tolerance (the largest step that stops, 1e-10).
-- Returns { intercept = b0, coef = { b1 .. bk }, iterations = n }.
function M.logistic(X, y, lambda, opts)
  opts = opts or {}
  local n, k = #X, X[1] and #X[1] or 0
  lambda = lambda or 1e-6 * math.max(n, 1)
  local ridge, offset, start = opts.ridge, opts.offset, opts.start
  local beta = {}
  for j = 0, k do beta[j] = start and start[j] or 0 end
  local iterations = 0
  for it = 1, opts.steps or 50 do
    iterations = it
    local H, g = {}, {}
    for a = 0, k do
      local ra = ridge and ridge[a] or lambda
      H[a + 1] = {}
      for c = 0, k do H[a + 1][c + 1] = a == c and ra or 0 end
      g[a + 1] = -ra * beta[a]
    end
    for i = 1, n do
      local row, z = X[i], beta[0] + (offset and offset[i] or 0)
      for j = 1, k do z = z + beta[j] * row[j] end
      local p = 1 / (1 + math.exp(-z))
      local w, r = p * (1 - p), y[i] - p
      for a = 0, k do
        local xa = a == 0 and 1 or row[a]
        if xa ~= 0 then
          g[a + 1] = g[a + 1] + xa * r
          local Ha = H[a + 1]
          for c = 0, k do
            local xc = c == 0 and 1 or row[c]
            if xc ~= 0 then Ha[c + 1] = Ha[c + 1] + w * xa * xc end
          end
        end
      end
    end
    local step = M.solve(H, g)
    if not step then break end
    local biggest = 0
    for j = 0, k do
      beta[j] = beta[j] + step[j + 1]
      biggest = math.max(biggest, math.abs(step[j + 1]))
    end
    if biggest < (opts.tolerance or 1e-10) then break end
  end
  local coef = {}
  for j = 1, k do coef[j] = beta[j] end
  return { intercept = beta[0], coef = coef, iterations = iterations }
end

return M
