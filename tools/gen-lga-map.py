#!/usr/bin/env python3
"""Generates data/lga/europe-schematic.wgd: a SCHEMATIC map of central Europe for La Grande Armée.

Python standard library only.  Usage:  tools/gen-lga-map.py > data/lga/europe-schematic.wgd
       tools/gen-lga-map.py --check data/lga/europe-schematic.wgd   (exit 1 when the file differs)

Method (repeated in the header of the output):
- projection: equirectangular, x = R*dlon*cos(50 deg), y = R*dlat, R = 6371 km, origin at the
  north-west corner (LON0 E, LAT0 N); flat-topped hexes, 15 km between adjacent centres, odd-q offsets;
- towns: the hex containing the real coordinates (table TOWNS, decimal degrees, WGS84);
- regions: point-in-polygon of each hex centre in hand-drawn 1805-1809 border polygons;
- rivers: hand-approximated polylines through the real coordinates of riverside towns; a hex-side is a
  River side when the segment joining the two hex centres crosses a polyline; the River sides of every
  named town hex are bridged; Lake Constance gives Lake sides the same way;
- mountains: hexes whose centre lies within RIDGE_KM of a hand-drawn ridge line, plus the Alpine block
  south of the Alpine front; passes: the hexes of a historical crossing that are mountain become Mountain
  Pass, and the first non-mountain hex at each end becomes a Pass-Entry hex;
- Lines A and B of 1805: the hex columns of the Inn at Braunau and of the Enns (schematic choice).
"""
import math
import sys

LON0, LAT0 = 6.3, 53.75       # north-west corner
LON1, LAT1 = 19.0, 47.0       # south-east corner (approximate; the grid is whole hexes)
R_EARTH = 6371.0
KX = R_EARTH * math.pi / 180.0 * math.cos(math.radians(50.0))   # km per degree of longitude
KY = R_EARTH * math.pi / 180.0                                  # km per degree of latitude
HEX_KM = 15.0                                                   # centre to centre
SIZE = HEX_KM / math.sqrt(3.0)                                  # centre to corner
COLSTEP = 1.5 * SIZE                                            # 12.99 km
COLS = int(((LON1 - LON0) * KX) / COLSTEP) + 1
ROWS = int(((LAT0 - LAT1) * KY) / HEX_KM) + 1

# name: (lat, lon, terrain, expected region or None).  Spellings as printed on the scenario charts.
# Fortress/City per LGA-GAP-02 (siege value printed => Fortress; Linz a City per LGA-GAP-06);
# Glogau and Kustrin are historical Prussian fortresses.
TOWNS = [
    ("Vienna", 48.208, 16.373, "fortress", "austria"),
    ("Ulm", 48.398, 9.993, "fortress", None),
    ("Prague", 50.087, 14.421, "fortress", "austria"),
    ("Braunau", 48.258, 13.034, "fortress", "austria"),
    ("Berlin", 52.520, 13.405, "fortress", "prussia"),
    ("Magdeburg", 52.131, 11.640, "fortress", "prussia"),
    ("Posen", 52.408, 16.934, "fortress", "prussia"),
    ("Dresden", 51.050, 13.738, "fortress", "saxony"),
    ("Leipzig", 51.340, 12.375, "fortress", "saxony"),
    ("Stettin", 53.428, 14.553, "fortress", "prussia"),
    ("Breslau", 51.108, 17.038, "fortress", "prussia"),
    ("Thorn", 53.013, 18.598, "fortress", "prussia"),
    ("Glogau", 51.663, 16.085, "fortress", "prussia"),
    ("Kustrin", 52.570, 14.640, "fortress", "prussia"),
    ("Nuremburg", 49.452, 11.077, "city", None),
    ("Bamberg", 49.898, 10.902, "city", None),
    ("Gottingen", 51.541, 9.916, "city", None),
    ("Koln", 50.938, 6.960, "city", None),
    ("Mainz", 49.993, 8.247, "city", None),
    ("Frankfurt", 50.110, 8.682, "city", None),
    ("Wurzburg", 49.791, 9.953, "city", None),
    ("Augsburg", 48.370, 10.898, "city", None),
    ("Ansbach", 49.300, 10.571, "city", None),
    ("Landshut", 48.537, 12.152, "city", None),
    ("Strasburg", 48.573, 7.752, "city", None),
    ("Salzburg", 47.810, 13.055, "city", "austria"),
    ("Linz", 48.306, 14.286, "city", "austria"),
    ("Austerlitz", 49.152, 16.876, "city", "austria"),
    ("Stuttgart", 48.776, 9.183, "city", None),
    ("Donauworth", 48.718, 10.777, "city", None),
    ("Munich", 48.137, 11.576, "city", None),
    ("Ratisbon", 49.013, 12.102, "city", None),
    ("Straubing", 48.881, 12.574, "city", None),
    # further towns for orientation (no scenario role)
    ("Passau", 48.567, 13.431, "city", None),
    ("Ingolstadt", 48.766, 11.425, "city", None),
    ("Pressburg", 48.148, 17.107, "city", "austria"),
    ("Brunn", 49.195, 16.608, "city", "austria"),
    ("Olmutz", 49.594, 17.251, "city", "austria"),
    ("Budweis", 48.975, 14.474, "city", "austria"),
    ("Pilsen", 49.738, 13.373, "city", "austria"),
    ("Jena", 50.928, 11.589, "city", None),
    ("Erfurt", 50.978, 11.029, "city", None),
    ("Hof", 50.313, 11.912, "city", None),
    ("Wittenberg", 51.866, 12.649, "city", "saxony"),
    ("Torgau", 51.560, 13.004, "city", "saxony"),
    ("Halle", 51.483, 11.970, "city", "prussia"),
    ("Coblenz", 50.356, 7.594, "city", None),
    ("Mannheim", 49.487, 8.466, "city", None),
    ("Kassel", 51.313, 9.480, "city", None),
    ("Hanover", 52.375, 9.732, "city", None),
    ("Krems", 48.410, 15.610, "city", "austria"),
    ("Znaim", 48.855, 16.049, "city", "austria"),
    ("Iglau", 49.396, 15.591, "city", "austria"),
    ("Graz", 47.071, 15.439, "city", "austria"),
    ("Innsbruck", 47.269, 11.404, "city", None),
    ("Freiburg", 47.999, 7.842, "city", None),
    ("Bayreuth", 49.948, 11.578, "city", None),
    ("Schweinfurt", 50.049, 10.233, "city", None),
]

# Region polygons (lon, lat), hand-drawn from 1805-1809 borders; drawn past the map where the region
# runs off it.  Saxony wins over Prussia where the hand drawing overlaps.
AUSTRIA = [(12.70, 46.5), (12.72, 47.2), (12.80, 47.45), (12.95, 47.65), (12.97, 47.85), (12.85, 48.10),
           (13.00, 48.30), (13.45, 48.55), (13.80, 48.75), (13.45, 49.00), (12.85, 49.35), (12.45, 49.70),
           (12.30, 50.10), (12.20, 50.30), (13.00, 50.55), (14.00, 50.85), (14.90, 51.00), (15.80, 50.75),
           (16.40, 50.60), (16.90, 50.40), (17.60, 50.25), (18.20, 50.00), (18.80, 50.05), (19.50, 50.20),
           (19.50, 46.5)]
SAXONY = [(11.60, 51.60), (12.00, 51.85), (12.50, 51.95), (13.20, 52.05), (14.00, 52.05), (14.70, 51.95),
          (15.00, 51.90), (15.05, 51.30), (14.95, 51.03), (14.00, 50.86), (13.00, 50.56), (12.20, 50.31),
          (12.00, 50.50), (11.90, 50.80), (11.70, 51.10)]
PRUSSIA = [(13.40, 54.00), (19.50, 54.00), (19.50, 50.25), (18.80, 50.08), (18.20, 50.03), (17.60, 50.28),
           (16.90, 50.42), (16.40, 50.62), (15.80, 50.77), (14.92, 51.02), (15.05, 51.30), (15.00, 51.90),
           (14.70, 51.95), (14.00, 52.05), (13.20, 52.05), (12.50, 51.95), (12.00, 51.85), (11.60, 51.60),
           (10.60, 51.70), (10.60, 52.10), (10.90, 52.50), (10.90, 52.90), (11.40, 53.10), (12.30, 53.15),
           (13.30, 53.40)]

# Rivers (lon, lat) from upstream to downstream.
RIVERS = {
    "Rhine": [(9.52, 46.9), (9.55, 47.30), (9.65, 47.48), (9.40, 47.58), (9.17, 47.66), (8.86, 47.66),
              (8.63, 47.70), (8.21, 47.60), (7.59, 47.56), (7.57, 47.90), (7.58, 48.03), (7.80, 48.57),
              (8.10, 48.90), (8.44, 49.32), (8.47, 49.49), (8.36, 49.63), (8.36, 49.85), (8.28, 50.01),
              (7.90, 49.97), (7.72, 50.10), (7.61, 50.36), (7.10, 50.73), (6.97, 50.93), (6.77, 51.23),
              (6.60, 51.50), (6.20, 51.85)],
    "Main": [(11.58, 49.95), (11.06, 50.15), (10.89, 49.93), (10.51, 50.03), (10.23, 50.04), (10.16, 49.74),
             (10.07, 49.66), (9.93, 49.80), (9.77, 49.96), (9.70, 50.05), (9.58, 50.00), (9.52, 49.76),
             (9.26, 49.70), (9.15, 49.97), (8.92, 50.13), (8.68, 50.10), (8.28, 50.01)],
    "Neckar": [(8.50, 48.05), (8.63, 48.17), (9.06, 48.52), (9.30, 48.74), (9.22, 48.80), (9.22, 49.14),
               (9.05, 49.35), (8.69, 49.41), (8.47, 49.49)],
    "Danube": [(8.50, 47.95), (8.82, 47.98), (9.22, 48.09), (9.47, 48.15), (10.00, 48.39), (10.27, 48.45),
               (10.49, 48.58), (10.78, 48.71), (11.18, 48.73), (11.43, 48.76), (11.87, 48.92), (12.10, 49.02),
               (12.57, 48.89), (12.96, 48.83), (13.46, 48.57), (13.90, 48.45), (14.29, 48.31), (14.52, 48.24),
               (15.08, 48.18), (15.33, 48.23), (15.60, 48.40), (16.05, 48.33), (16.38, 48.22), (16.94, 48.15),
               (17.11, 48.14), (17.60, 47.85), (18.13, 47.76), (18.74, 47.79), (19.30, 47.75)],
    "Lech": [(10.65, 47.10), (10.70, 47.57), (10.90, 47.81), (10.87, 48.05), (10.93, 48.37), (10.92, 48.69),
             (10.94, 48.73)],
    "Isar": [(11.30, 47.40), (11.56, 47.76), (11.59, 48.14), (11.75, 48.40), (11.93, 48.47), (12.15, 48.54),
             (12.50, 48.64), (12.88, 48.77), (12.95, 48.81)],
    "Inn": [(10.90, 46.95), (11.40, 47.27), (11.70, 47.35), (12.17, 47.58), (12.13, 47.86), (12.23, 48.06),
            (12.52, 48.25), (12.83, 48.20), (13.03, 48.26), (13.43, 48.46), (13.47, 48.57)],
    "Salzach": [(12.90, 47.20), (13.15, 47.45), (13.05, 47.80), (12.93, 47.95), (12.83, 48.16), (12.85, 48.20)],
    "Elbe": [(15.83, 50.21), (15.78, 50.04), (15.20, 50.03), (15.04, 50.19), (14.47, 50.35), (14.13, 50.53),
             (14.20, 50.78), (13.94, 50.96), (13.74, 51.06), (13.47, 51.16), (13.29, 51.31), (13.01, 51.56),
             (12.65, 51.86), (12.24, 51.86), (11.64, 52.13), (11.97, 52.54), (12.07, 52.83), (11.75, 53.00),
             (11.25, 53.14), (10.56, 53.37), (10.00, 53.55), (9.40, 53.90)],
    "Saale": [(11.92, 50.31), (11.37, 50.65), (11.33, 50.72), (11.59, 50.93), (11.81, 51.15), (11.97, 51.20),
              (12.00, 51.36), (11.97, 51.48), (11.74, 51.79), (11.85, 51.95)],
    "Moldau": [(13.80, 48.95), (14.32, 48.81), (14.47, 48.97), (14.40, 49.40), (14.38, 49.80), (14.42, 50.09),
               (14.47, 50.35)],
    "Oder": [(17.60, 49.60), (18.28, 49.84), (18.21, 50.09), (17.92, 50.67), (17.47, 50.86), (17.04, 51.11),
             (16.60, 51.20), (16.09, 51.66), (15.72, 51.80), (15.10, 52.05), (14.55, 52.35), (14.64, 52.57),
             (14.28, 53.06), (14.39, 53.20), (14.57, 53.43), (14.60, 53.90)],
    "Warthe": [(19.12, 50.81), (18.73, 51.60), (18.64, 52.20), (18.25, 52.22), (17.60, 52.10), (17.01, 52.09),
               (16.93, 52.41), (16.81, 52.65), (15.90, 52.60), (15.23, 52.73), (14.64, 52.57)],
    "Vistula": [(19.70, 52.55), (19.07, 52.65), (18.60, 53.01), (18.10, 53.12), (18.46, 53.35), (18.75, 53.48),
                (18.80, 53.90)],
    "March": [(16.85, 50.20), (17.25, 49.59), (17.39, 49.30), (17.13, 48.85), (16.95, 48.50), (16.98, 48.17)],
}
LAKES = {"Lake Constance": [(9.72, 47.50), (9.45, 47.58), (9.17, 47.66), (9.05, 47.77)]}

RIDGE_KM = 9.5
RIDGES = {
    "Bohemian Forest": [(12.45, 49.75), (12.75, 49.40), (13.15, 49.15), (13.55, 48.95), (13.85, 48.75),
                        (14.10, 48.60)],
    "Ore Mountains": [(12.30, 50.30), (12.90, 50.45), (13.40, 50.60), (13.90, 50.75), (14.20, 50.85)],
    "Sudetes": [(14.90, 50.90), (15.60, 50.75), (16.20, 50.60), (16.70, 50.30), (17.20, 50.15), (17.50, 50.05)],
    "Thuringian Forest": [(10.20, 50.95), (10.70, 50.70), (11.10, 50.55), (11.50, 50.42), (11.75, 50.38)],
    "Black Forest": [(8.10, 47.70), (8.20, 48.00), (8.30, 48.40), (8.45, 48.75)],
    "Harz": [(10.40, 51.85), (10.90, 51.70)],
}
# The Alpine block: every hex south of this front line (lon, lat), between its first and last longitude.
ALPS_FRONT = [(9.60, 47.35), (10.30, 47.50), (10.90, 47.52), (11.50, 47.60), (12.20, 47.65), (12.80, 47.58),
              (13.40, 47.58), (14.20, 47.62), (15.00, 47.66), (15.80, 47.70)]
# Historical crossings (lon, lat) drawn from one side of a range to the other.
PASSES = {
    "Brenner road (Innsbruck-Kufstein-Rosenheim)": [(11.40, 46.95), (11.40, 47.27), (11.90, 47.45),
                                                    (12.17, 47.58), (12.13, 47.90)],
    "Salzach valley": [(13.00, 46.95), (13.15, 47.40), (13.05, 47.80)],
    "Pyhrn (Enns valley)": [(14.30, 46.95), (14.24, 47.57), (14.42, 48.04)],
    "Semmering": [(15.44, 47.00), (15.27, 47.41), (15.83, 47.63), (16.24, 47.81)],
    "Fern (Lech valley)": [(10.70, 47.10), (10.70, 47.60), (10.90, 47.85)],
    "Kinzig valley": [(7.90, 48.45), (8.70, 48.35)],
    "Hollental": [(7.85, 48.00), (8.50, 47.90)],
    "Saalfeld road": [(11.00, 50.26), (11.37, 50.68)],
    "Schleiz road": [(11.92, 50.25), (11.81, 50.60)],
    "Nollendorf": [(13.82, 50.50), (13.94, 50.98)],
    "Marienberg": [(13.42, 50.40), (13.15, 50.78)],
    "Furth im Wald": [(12.60, 49.18), (12.98, 49.55)],
    "Golden Path": [(13.55, 48.70), (14.10, 49.05)],
    "Nachod": [(16.55, 50.52), (16.00, 50.32)],
    "Landeshut": [(15.90, 50.45), (16.08, 50.90)],
    "Zittau gap": [(14.80, 51.00), (14.75, 50.65)],
}
LINE_A_LON = 13.034   # Braunau on the Inn
LINE_B_LON = 14.48    # the Enns
DIRS = ["n", "ne", "se", "s", "sw", "nw"]
NB_EVEN = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
NB_ODD = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]


def proj(lon, lat):
    return ((lon - LON0) * KX, (LAT0 - lat) * KY)


def unproj(x, y):
    return (LON0 + x / KX, LAT0 - y / KY)


def centre(col, row):
    return (COLSTEP * col, HEX_KM * (row + 0.5 * (col & 1)))


def hex_of(x, y):
    """The hex containing point (x, y) km: flat-top axial rounding, then odd-q offset."""
    q = (2.0 / 3.0 * x) / SIZE
    r = (-1.0 / 3.0 * x + math.sqrt(3.0) / 3.0 * y) / SIZE
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    col = rq
    row = rr + (rq - (rq & 1)) // 2
    return col, row


def neighbor(col, row, d):
    dc, dr = (NB_ODD if col & 1 else NB_EVEN)[d]
    c, r = col + dc, row + dr
    if 0 <= c < COLS and 0 <= r < ROWS:
        return c, r
    return None


def in_poly(lon, lat, poly):
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > lat) != (y2 > lat):
            xi = x1 + (lat - y1) * (x2 - x1) / (y2 - y1)
            if lon < xi:
                inside = not inside
    return inside


def cross(p1, p2, p3, p4):
    """Proper intersection of segments p1p2 and p3p4 (touching counts as crossing)."""
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0))


def seg_dist(p, a, b):
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    qx, qy = ax + t * dx, ay + t * dy
    return math.hypot(px - qx, py - qy)


def polyline_km(pts):
    # a tiny offset keeps polylines off exact hex centres (no degenerate crossings)
    return [(x + 0.013, y + 0.017) for (x, y) in (proj(lon, lat) for lon, lat in pts)]


def interp(front, lon):
    for (x1, y1), (x2, y2) in zip(front, front[1:]):
        if x1 <= lon <= x2:
            return y1 + (y2 - y1) * (lon - x1) / (x2 - x1)
    return None


def hex_line(a, b):
    """Hexes from hex a to hex b by sampling the straight segment between their centres."""
    ax, ay = centre(*a)
    bx, by = centre(*b)
    n = max(1, int(math.hypot(bx - ax, by - ay) / 3.0))
    out = []
    for i in range(n + 1):
        t = i / n
        h = hex_of(ax + (bx - ax) * t, ay + (by - ay) * t)
        if not out or out[-1] != h:
            out.append(h)
    return out


def build():
    terrain = {}
    flags = {}
    names = {}
    for c in range(COLS):
        for r in range(ROWS):
            terrain[(c, r)] = "clear"
            flags[(c, r)] = set()
    # regions
    for (c, r) in terrain:
        lon, lat = unproj(*centre(c, r))
        if in_poly(lon, lat, SAXONY):
            flags[(c, r)].add("saxony")
        elif in_poly(lon, lat, AUSTRIA):
            flags[(c, r)].add("austria")
        elif in_poly(lon, lat, PRUSSIA):
            flags[(c, r)].add("prussia")
    # mountains
    ridges = {k: polyline_km(v) for k, v in RIDGES.items()}
    for (c, r) in terrain:
        p = centre(c, r)
        for pts in ridges.values():
            if any(seg_dist(p, a, b) <= RIDGE_KM for a, b in zip(pts, pts[1:])):
                terrain[(c, r)] = "mountain"
        lon, lat = unproj(*p)
        if ALPS_FRONT[0][0] <= lon <= ALPS_FRONT[-1][0]:
            f = interp(ALPS_FRONT, lon)
            if f is not None and lat <= f:
                terrain[(c, r)] = "mountain"
    # passes
    for pts in PASSES.values():
        chain = []
        for (lon1, lat1), (lon2, lat2) in zip(pts, pts[1:]):
            seg = hex_line(hex_of(*proj(lon1, lat1)), hex_of(*proj(lon2, lat2)))
            chain.extend(h for h in seg if not chain or chain[-1] != h)
        chain = [h for h in chain if h in terrain]
        for h in chain:
            if terrain[h] == "mountain":
                terrain[h] = "pass"
        for i, h in enumerate(chain):
            if terrain[h] == "pass":
                continue
            before = i > 0 and terrain[chain[i - 1]] == "pass"
            after = i + 1 < len(chain) and terrain[chain[i + 1]] == "pass"
            if before or after:
                flags[h].add("passentry")
    # towns
    town_hex = {}
    for name, lat, lon, ter, region in TOWNS:
        h = hex_of(*proj(lon, lat))
        if h not in terrain:
            raise SystemExit("%s falls off the map at %s" % (name, h))
        if h in names:
            raise SystemExit("%s and %s fall on the same hex %s" % (name, names[h], h))
        names[h] = name
        terrain[h] = ter
        flags[h].discard("passentry")
        flags[h] -= {"austria", "prussia", "saxony"}
        if region:
            flags[h].add(region)
        town_hex[name] = h
    # edges and lines
    cola = hex_of(*proj(LINE_A_LON, 48.26))[0]
    colb = hex_of(*proj(LINE_B_LON, 48.26))[0]
    for (c, r) in terrain:
        if r == 0:
            flags[(c, r)].add("edge-n")
        if r == ROWS - 1:
            flags[(c, r)].add("edge-s")
        if c == 0:
            flags[(c, r)].add("edge-w")
        if c == COLS - 1:
            flags[(c, r)].add("edge-e")
        if c == cola:
            flags[(c, r)].add("linea")
        if c >= cola:
            flags[(c, r)].add("easta")
        if c == colb:
            flags[(c, r)].add("lineb")
        if c >= colb:
            flags[(c, r)].add("eastb")
    # hex-sides: rivers and lakes
    sides = {}
    rivers = {k: polyline_km(v) for k, v in RIVERS.items()}
    lakes = {k: polyline_km(v) for k, v in LAKES.items()}
    for (c, r) in sorted(terrain):
        p = centre(c, r)
        for d in range(3):   # n, ne, se: each side once
            nb = neighbor(c, r, d)
            if nb is None:
                continue
            q = centre(*nb)
            sf = set()
            for pts in rivers.values():
                if any(cross(p, q, a, b) for a, b in zip(pts, pts[1:])):
                    sf.add("river")
            for pts in lakes.values():
                if any(cross(p, q, a, b) for a, b in zip(pts, pts[1:])):
                    sf.add("lake")
            if "river" in sf and (names.get((c, r)) or names.get(nb)):
                sf.add("bridge")
            if sf:
                sides[(c, r, d)] = sf
    return terrain, flags, names, sides, cola, colb


FLAG_ORDER = ["austria", "prussia", "saxony", "passentry", "linea", "lineb", "easta", "eastb",
              "edge-n", "edge-s", "edge-e", "edge-w"]
SIDE_ORDER = ["river", "bridge", "lake"]


def render():
    terrain, flags, names, sides, cola, colb = build()
    out = []
    w = out.append
    w("wgdata 1 map")
    w("# La Grande Armee: SCHEMATIC map of central Europe, 15 km per hex.")
    w("# This is NOT the printed SPI game board (the rulebook prints no map, LGA-GAP-01); it is a")
    w("# schematic map generated by tools/gen-lga-map.py (Python standard library) -- do not edit by hand.")
    w("# Method and sources:")
    w("#  - projection: equirectangular centred on 50N (x = R*dlon*cos 50, y = R*dlat, R = 6371 km),")
    w("#    origin %.2fE %.2fN (north-west corner), flat-topped hexes, 15 km between adjacent hex" % (LON0, LAT0))
    w("#    centres, odd-q offset coordinates (odd columns shoved down), %d columns x %d rows;" % (COLS, ROWS))
    w("#  - towns: real latitude/longitude (WGS84, decimal degrees, from standard gazetteer values) of every")
    w("#    city and fortress the three scenario charts name, on the hex containing that point;")
    w("#    Fortress vs City per LGA-GAP-02 (a printed siege value means a Fortress; Linz a City, LGA-GAP-06),")
    w("#    Glogau and Kustrin as historical Prussian fortresses; further towns for orientation only;")
    w("#  - regions Austria, Prussia and Saxony: hand-drawn polygons of the 1805-1809 borders (Austria with")
    w("#    its post-1805 border: Salzburg Austrian, Tyrol not);")
    w("#  - rivers: courses approximated by hand as polylines through riverside towns; a hex-side is a River")
    w("#    hex-side when the segment joining the two hex centres crosses the polyline; the River hex-sides")
    w("#    of named town hexes are bridged; Lake Constance gives Lake hex-sides;")
    w("#  - mountains: hexes within %.1f km of hand-drawn ridge lines (Bohemian Forest, Ore Mountains," % RIDGE_KM)
    w("#    Sudetes, Thuringian Forest, Black Forest, Harz) and the Alpine block south of the Alpine front;")
    w("#    Mountain Pass hexes along historical crossings, with Pass-Entry hexes at their ends;")
    w("#  - 1805 Lines A and B (positions not in the text, LGA-GAP-64): schematic, the hex column of")
    w("#    Braunau on the Inn (Line A, column %d) and of the Enns (Line B, column %d)." % (cola, colb))
    w("title \"La Grande Armee - schematic central Europe (15 km/hex, not the printed board)\"")
    w("grid hex %d %d odd-q" % (COLS, ROWS))
    w("terrain clear city fortress mountain pass")
    w("flag " + " ".join(FLAG_ORDER))
    w("sideflag " + " ".join(SIDE_ORDER))
    for (c, r) in sorted(terrain, key=lambda h: (h[1], h[0])):
        t = terrain[(c, r)]
        f = [x for x in FLAG_ORDER if x in flags[(c, r)]]
        nm = names.get((c, r))
        if t == "clear" and not f and not nm:
            continue
        line = "hex %d %d %s" % (c, r, t)
        if f:
            line += " " + " ".join(f)
        if nm:
            line += (" \"name=%s\"" % nm) if " " in nm else (" name=%s" % nm)
        w(line)
    for (c, r, d) in sorted(sides, key=lambda k: (k[1], k[0], k[2])):
        w("side %d %d %s %s" % (c, r, DIRS[d], " ".join(x for x in SIDE_ORDER if x in sides[(c, r, d)])))
    return "\n".join(out) + "\n"


def main():
    text = render()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2], encoding="utf-8") as f:
            if f.read() != text:
                sys.stderr.write("%s is out of date: run tools/gen-lga-map.py\n" % sys.argv[2])
                return 1
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
