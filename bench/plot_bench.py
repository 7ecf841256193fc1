#!/usr/bin/env python3
"""Draws a benchmark table (the markdown of ingot_gpu_bench / `ingot bench`, as kept
under bench/results/) as an SVG bar chart: for each row of work, ingot's bar beside
PyTorch's, scaled to the larger of the two, each labelled with its figure.

    python3 bench/plot_bench.py bench/results/2026-11-22-h100-final.md -o chart.svg

Plain SVG written here, so it needs nothing beyond Python's standard library."""

import argparse
import html
import re
import sys
import xml.etree.ElementTree as ElementTree

FIGURE = re.compile(r"^\s*([0-9.]+)\s*(\S+)")
ROW_HEIGHT, BAR_HEIGHT, LABEL_WIDTH, BAR_WIDTH, MARGIN = 46, 15, 330, 420, 16
LABEL_CHARS = 48  # what fits left of the bars at 12 px
COLOURS = {"ingot": "#2b6cb0", "PyTorch": "#dd6b20"}


def read_rows(path):
    """(work, ingot value, PyTorch value, unit) for each row with both figures."""
    rows, columns = [], None
    with open(path, encoding="utf-8") as table:
        for line in table:
            if not line.startswith("|"):
                columns = None  # a table ends at the first line that is not a row
                continue
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if set(cells[0]) <= {"-"}:
                continue
            if columns is None:
                if "ingot" in cells and "PyTorch" in cells:
                    columns = {name: cells.index(name) for name in ("work", "ingot", "PyTorch")}
                continue
            ours = FIGURE.match(cells[columns["ingot"]])
            peer = FIGURE.match(cells[columns["PyTorch"]])
            if ours and peer and float(ours[1]) > 0 and float(peer[1]) > 0:
                rows.append((cells[columns["work"]], float(ours[1]), float(peer[1]), ours[2]))
    if not rows:
        sys.exit(f"plot_bench: {path} has no table rows with both an ingot and a PyTorch figure")
    return rows


def lower_is_better(unit):
    """Host times (µs, µs/op) are better when smaller; rates when larger."""
    return unit.startswith("µs") or unit.startswith("ms")


def bar(y, value, scale, name, unit):
    width = max(1.0, BAR_WIDTH * value / scale)
    return (
        f'<rect x="{LABEL_WIDTH}" y="{y}" width="{width:.1f}" height="{BAR_HEIGHT}" '
        f'fill="{COLOURS[name]}"/>'
        f'<text x="{LABEL_WIDTH + width + 6:.1f}" y="{y + BAR_HEIGHT - 3}">'
        f"{name} {value:g} {html.escape(unit)}</text>"
    )


def render(rows, title):
    height = MARGIN * 3 + 24 + ROW_HEIGHT * len(rows)
    width = LABEL_WIDTH + BAR_WIDTH + 200
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{MARGIN}" y="{MARGIN + 6}" font-size="15" font-weight="bold">'
        f"{html.escape(title)}</text>",
        f'<text x="{MARGIN}" y="{MARGIN + 24}" fill="#555">bars scaled to the larger figure '
        "of each row; times (µs) are better when shorter</text>",
    ]
    for i, (work, ours, peer, unit) in enumerate(rows):
        y = MARGIN * 2 + 24 + ROW_HEIGHT * i
        scale = max(ours, peer)
        better = "ingot" if (ours < peer) == lower_is_better(unit) else "PyTorch"
        label = work if len(work) <= LABEL_CHARS else work[: LABEL_CHARS - 1] + "…"
        parts.append(
            f'<text x="{MARGIN}" y="{y + BAR_HEIGHT + 4}">{html.escape(label)}</text>'
            f'<text x="{MARGIN}" y="{y + BAR_HEIGHT + 18}" fill="#555">'
            f"ingot / PyTorch = {ours / peer:.2f} ({better} better)</text>"
        )
        parts.append(bar(y, ours, scale, "ingot", unit))
        parts.append(bar(y + BAR_HEIGHT + 2, peer, scale, "PyTorch", unit))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table", help="a benchmark table in markdown")
    parser.add_argument("-o", "--output", required=True, help="the SVG file to write")
    parser.add_argument("--title", help="the chart's title (default: the table's file name)")
    args = parser.parse_args()
    svg = render(read_rows(args.table), args.title or args.table)
    ElementTree.fromstring(svg)  # refuses to write anything a viewer would not open
    with open(args.output, "w", encoding="utf-8") as out:
        out.write(svg)
    print(f"plot_bench: {args.output}")


if __name__ == "__main__":
    main()
