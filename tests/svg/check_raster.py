#!/usr/bin/python3
"""The picture of the board, rasterized (doc/svg.md): for the first scenario of every ruleset,
after random play, the SVG of player 0 (tests/svg/svg_dump.c) parses as XML, holds each piece
he sees as exactly one element with the piece's id, and rendered by rsvg-convert (Debian
librsvg2-bin) differs from the picture of the same board without its pieces at every place a
piece stands.

Usage: check_raster.py SVG_DUMP WORKDIR      (exit 77: rsvg-convert is missing)
Standard library only; PNG decoding by zlib.
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"


def read_png(path):
    """(width, height, rows of RGBA bytes) of an 8-bit RGBA or RGB non-interlaced PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(path + ": not a PNG")
    pos, idat, w = 8, [], None
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError(path + ": unexpected PNG format")
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def render(svg, png, zoom):
    subprocess.run(["rsvg-convert", "-z", "%.4f" % zoom, "-o", png, svg], check=True)
    return read_png(png)


def main():
    dump, work = sys.argv[1], sys.argv[2]
    if not shutil.which("rsvg-convert"):
        print("rsvg-convert is missing (Debian librsvg2-bin): skipped")
        return 77
    os.makedirs(work, exist_ok=True)
    subprocess.run([dump, work], check=True)
    rulesets = sorted(f[:-4] for f in os.listdir(work) if f.endswith(".svg") and "-empty" not in f)
    if len(rulesets) < 4:
        print("expected the pictures of 4 rulesets, found", rulesets)
        return 1
    failed = 0
    for rs in rulesets:
        path = os.path.join(work, rs + ".svg")
        ids = [l.strip() for l in open(os.path.join(work, rs + ".ids")) if l.strip()]
        tree = ET.parse(path)
        root = tree.getroot()
        if root.tag != SVG + "svg":
            print(rs, ": the root is not an SVG element")
            failed = 1
            continue
        found = {}
        for el in root.iter():
            if "id" in el.attrib:
                found.setdefault(el.attrib["id"], []).append(el)
        if not ids:
            print(rs, ": player 0 sees no piece after random play")
            failed = 1
        for i in ids:
            if len(found.get(i, [])) != 1:
                print(rs, ": piece", i, "is", len(found.get(i, [])), "elements")
                failed = 1
        extra = set(found) - set(ids)
        if extra:
            print(rs, ": ids of no visible piece:", sorted(extra)[:10])
            failed = 1
        # the board alone: the same document without the pieces
        pieces = [g for g in root.iter(SVG + "g") if g.attrib.get("class") == "pieces"]
        if len(pieces) != 1:
            print(rs, ": no single group of pieces")
            failed = 1
            continue
        anchors = {}
        for el in list(pieces[0]):
            m = re.fullmatch(r"translate\((-?\d+) (-?\d+)\)", el.attrib.get("transform", ""))
            if not m:
                print(rs, ": piece", el.attrib.get("id"), "has no translate() anchor")
                failed = 1
                continue
            anchors[el.attrib["id"]] = (int(m.group(1)), int(m.group(2)))
            pieces[0].remove(el)
        empty = os.path.join(work, rs + "-empty.svg")
        tree.write(empty, encoding="UTF-8", xml_declaration=True)
        vb = [int(v) for v in root.attrib["viewBox"].split()]
        width = int(root.attrib["width"])
        zoom = min(1.0, 1400.0 / max(width, int(root.attrib["height"])))
        w1, h1, bpp, full = render(path, os.path.join(work, rs + ".png"), zoom)
        w2, h2, _, bare = render(empty, os.path.join(work, rs + "-empty.png"), zoom)
        if (w1, h1) != (w2, h2):
            print(rs, ": the two pictures differ in size")
            failed = 1
            continue
        if full == bare:
            print(rs, ": the picture with pieces is the empty board's")
            failed = 1
        scale = w1 / vb[2]
        same = []
        for pid, (x, y) in anchors.items():
            px, py = int(x * scale), int(y * scale)
            diff = False
            for yy in range(max(0, py - 3), min(h1, py + 4)):
                a, b = full[yy], bare[yy]
                lo, hi = max(0, px - 3) * bpp, min(w1, px + 4) * bpp
                if a[lo:hi] != b[lo:hi]:
                    diff = True
                    break
            if not diff:
                same.append(pid)
        if same:
            print(rs, ": the picture is the empty board's where pieces", same[:10], "stand")
            failed = 1
        print("%s: %d pieces, %dx%d pixels, each differs from the empty board where it stands" %
              (rs, len(ids), w1, h1))
    return failed


if __name__ == "__main__":
    sys.exit(main())
