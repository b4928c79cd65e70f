-- labsvg: the small SVG writer of the designer's lab (varia analyze
-- --plots): horizontal bars with intervals, columns, lines and pairs of
-- bars, as standalone SVG 1.1 text. Numbers are written with a fixed
-- precision, so the same data gives the same file.
local M = {}

local fmt = string.format
local W, H = 640, 360
local LEFT, RIGHT, TOP, BOTTOM = 70, 20, 40, 50
local COLOURS = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b" }

local function esc(s)
  return (tostring(s):gsub("[&<>\"]", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;" }))
end

local function n(x) return fmt("%.1f", x) end

local function doc(title, body, height)
  height = height or H
  return table.concat({
    fmt('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">', W, height, W, height),
    fmt('<rect width="%d" height="%d" fill="white"/>', W, height),
    fmt('<text x="%d" y="22" font-size="14" text-anchor="middle">%s</text>', W // 2, esc(title)),
    body, "</svg>", "" }, "\n")
end

-- A "nice" step for an axis from 0 (or lo) to hi: 1, 2 or 5 times a power of ten.
local function nice_step(span, ticks)
  if span <= 0 then return 1 end
  local raw = span / (ticks or 5)
  local p = 10 ^ math.floor(math.log(raw, 10))
  for _, m in ipairs({ 1, 2, 5, 10 }) do
    if m * p >= raw then return m * p end
  end
  return 10 * p
end

local function yaxis(out, lo, hi, y_of, label)
  local step = nice_step(hi - lo)
  local v = math.ceil(lo / step - 1e-9) * step
  while v <= hi + 1e-9 do
    local y = y_of(v)
    out[#out + 1] = fmt('<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#ddd"/>', LEFT, n(y), W - RIGHT, n(y))
    out[#out + 1] = fmt('<text x="%d" y="%s" text-anchor="end">%s</text>', LEFT - 5, n(y + 4),
      esc(fmt(step < 1 and "%.2f" or "%g", v)))
    v = v + step
  end
  if label then
    out[#out + 1] = fmt('<text x="14" y="%d" transform="rotate(-90 14 %d)" text-anchor="middle">%s</text>',
      (TOP + H - BOTTOM) // 2, (TOP + H - BOTTOM) // 2, esc(label))
  end
end

-- Horizontal bars { label, value, lo, hi } on a scale 0..opts.max, with
-- the interval drawn as a whisker and an optional mark (0.5: even).
function M.bars(title, bars, opts)
  opts = opts or {}
  local rowh = 34
  local height = TOP + #bars * rowh + 40
  local x0, x1 = 200, W - 40
  local max = opts.max or 1
  local function x_of(v) return x0 + (x1 - x0) * v / max end
  local out = {}
  for k = 0, 10 do
    local v = max * k / 10
    out[#out + 1] = fmt('<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="#eee"/>', n(x_of(v)), TOP, n(x_of(v)), height - 30)
    out[#out + 1] = fmt('<text x="%s" y="%d" text-anchor="middle">%g</text>', n(x_of(v)), height - 14, v)
  end
  for i, b in ipairs(bars) do
    local y = TOP + (i - 1) * rowh + 6
    out[#out + 1] = fmt('<text x="%d" y="%d" text-anchor="end">%s</text>', x0 - 8, y + 15, esc(b.label))
    out[#out + 1] = fmt('<rect x="%d" y="%d" width="%s" height="20" fill="%s"/>', x0, y, n(x_of(b.value) - x0), COLOURS[1])
    if b.lo and b.hi then
      out[#out + 1] = fmt('<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="black" stroke-width="2"/>', n(x_of(b.lo)), y + 10, n(x_of(b.hi)), y + 10)
      out[#out + 1] = fmt('<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="black"/>', n(x_of(b.lo)), y + 4, n(x_of(b.lo)), y + 16)
      out[#out + 1] = fmt('<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="black"/>', n(x_of(b.hi)), y + 4, n(x_of(b.hi)), y + 16)
    end
    out[#out + 1] = fmt('<text x="%s" y="%d">%.3f</text>', n(math.max(x_of(b.hi or b.value), x_of(b.value)) + 6), y + 15, b.value)
  end
  if opts.mark then
    out[#out + 1] = fmt('<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="#888" stroke-dasharray="4 3"/>', n(x_of(opts.mark)), TOP - 4, n(x_of(opts.mark)), height - 30)
  end
  return doc(title, table.concat(out, "\n"), height)
end

-- Vertical columns { label, value } (a histogram).
function M.columns(title, cols)
  local max = 0
  for _, c in ipairs(cols) do max = math.max(max, c.value) end
  if max == 0 then max = 1 end
  local out = {}
  local function y_of(v) return H - BOTTOM - (H - BOTTOM - TOP) * v / max end
  yaxis(out, 0, max, y_of, "games")
  local width = (W - LEFT - RIGHT) / math.max(#cols, 1)
  for i, c in ipairs(cols) do
    local x = LEFT + (i - 1) * width
    out[#out + 1] = fmt('<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>', n(x + 1), n(y_of(c.value)), n(width - 2), n(y_of(0) - y_of(c.value)), COLOURS[1])
    if #cols <= 30 or i % math.ceil(#cols / 30) == 1 then
      out[#out + 1] = fmt('<text x="%s" y="%d" text-anchor="middle" font-size="10">%s</text>', n(x + width / 2), H - BOTTOM + 14, esc(c.label))
    end
  end
  return doc(title, table.concat(out, "\n"))
end

-- Lines: series { name, points = { {x, y}, ... } }; opts.ymin/ymax fix
-- the vertical scale, opts.mark draws a dashed level.
function M.lines(title, series, opts)
  opts = opts or {}
  local xmin, xmax, ymin, ymax = math.huge, -math.huge, opts.ymin or math.huge, opts.ymax or -math.huge
  for _, s in ipairs(series) do
    for _, p in ipairs(s.points) do
      xmin, xmax = math.min(xmin, p[1]), math.max(xmax, p[1])
      if not opts.ymin then ymin = math.min(ymin, p[2]) end
      if not opts.ymax then ymax = math.max(ymax, p[2]) end
    end
  end
  if xmin > xmax then xmin, xmax = 0, 1 end
  if ymin > ymax then ymin, ymax = 0, 1 end
  if not opts.ymin then ymin = math.min(0, ymin) end
  if xmax == xmin then xmax = xmin + 1 end
  if ymax == ymin then ymax = ymin + 1 end
  local function x_of(v) return LEFT + (W - LEFT - RIGHT) * (v - xmin) / (xmax - xmin) end
  local function y_of(v) return H - BOTTOM - (H - BOTTOM - TOP) * (v - ymin) / (ymax - ymin) end
  local out = {}
  yaxis(out, ymin, ymax, y_of, opts.ylabel)
  local step = nice_step(xmax - xmin, 8)
  local v = math.ceil(xmin / step) * step
  while v <= xmax + 1e-9 do
    out[#out + 1] = fmt('<text x="%s" y="%d" text-anchor="middle">%g</text>', n(x_of(v)), H - BOTTOM + 16, v)
    v = v + step
  end
  if opts.xlabel then
    out[#out + 1] = fmt('<text x="%d" y="%d" text-anchor="end">%s</text>', W - RIGHT, H - BOTTOM + 29, esc(opts.xlabel))
  end
  if opts.mark then
    out[#out + 1] = fmt('<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#888" stroke-dasharray="4 3"/>', LEFT, n(y_of(opts.mark)), W - RIGHT, n(y_of(opts.mark)))
  end
  for k, s in ipairs(series) do
    local pts = {}
    for _, p in ipairs(s.points) do pts[#pts + 1] = n(x_of(p[1])) .. "," .. n(y_of(p[2])) end
    local colour = COLOURS[(k - 1) % #COLOURS + 1]
    out[#out + 1] = fmt('<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"/>', colour, table.concat(pts, " "))
    if #series > 1 or s.name ~= "" then -- the legend, in a row under the axis
      local x = LEFT + (k - 1) * (W - LEFT - RIGHT) // math.max(#series, 4)
      out[#out + 1] = fmt('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>', x, H - 13, colour)
      out[#out + 1] = fmt('<text x="%d" y="%d">%s</text>', x + 14, H - 3, esc(s.name))
    end
  end
  return doc(title, table.concat(out, "\n"))
end

-- Pairs of columns { label, a, b } side by side, named aname and bname.
function M.pairs(title, rows, aname, bname)
  local max = 0
  for _, r in ipairs(rows) do max = math.max(max, r.a, r.b) end
  if max <= 0 then max = 1 end
  local out = {}
  local function y_of(v) return H - BOTTOM - (H - BOTTOM - TOP) * math.max(v, 0) / max end
  yaxis(out, 0, max, y_of, "centipawns")
  local width = (W - LEFT - RIGHT) / math.max(#rows, 1)
  for i, r in ipairs(rows) do
    local x = LEFT + (i - 1) * width
    local bw = width * 0.35
    out[#out + 1] = fmt('<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>', n(x + width * 0.12), n(y_of(r.a)), n(bw), n(y_of(0) - y_of(r.a)), COLOURS[1])
    out[#out + 1] = fmt('<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>', n(x + width * 0.12 + bw), n(y_of(r.b)), n(bw), n(y_of(0) - y_of(r.b)), COLOURS[2])
    out[#out + 1] = fmt('<text x="%s" y="%d" text-anchor="middle">%s</text>', n(x + width / 2), H - BOTTOM + 16, esc(r.label))
  end
  out[#out + 1] = fmt('<text x="%d" y="%d" fill="%s">%s</text>', LEFT + 10, TOP + 14, COLOURS[1], esc(aname))
  out[#out + 1] = fmt('<text x="%d" y="%d" fill="%s">%s</text>', LEFT + 10, TOP + 28, COLOURS[2], esc(bname))
  return doc(title, table.concat(out, "\n"))
end

return M
