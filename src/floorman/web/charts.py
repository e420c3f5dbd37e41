"""Charts drawn on the server as SVG: horizontal bars and a line over time. No script, no styles
inline (the page's stylesheet colours them through classes), every label escaped.

>>> svg = bar_chart([Bar(label="D-031", value=4.0, note="4 in 100 hands")], title="By dealer")
>>> svg.startswith("<svg") and "D-031" in svg and "<title>By dealer</title>" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from floorman.web.rendering import format_number

__all__ = ["Bar", "Point", "bar_chart", "line_chart"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Bar:
    label: str
    value: float
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Point:
    label: str
    value: float


def _number(value: float, locale: str) -> str:
    """A rate as the page's language writes it, to one decimal.

    >>> _number(100 / 3, "en"), _number(100 / 3, "vi"), _number(1250.0, "vi")
    ('33.3', '33,3', '1.250')
    """
    return format_number(round(value, 1) if value % 1 else int(value), locale)


def _fit(label: str, width: int) -> str:
    room = max(8, width // 8)
    return label if len(label) <= room else label[: room - 1] + "…"


NARROW = 360
"""The width of the drawing a phone is shown (the page's stylesheet shows it below a tablet's width, the wide
one above): drawn to a phone's width, its labels are read at the size they are written."""


def bar_chart(bars: Sequence[Bar], *, title: str, width: int = 760, label_width: int = 230,
              locale: str = "en") -> Markup:
    """The chart twice: wide, each label beside its bar, and narrow (``NARROW``), each label above its bar."""
    return Markup(_wide_bars(bars, title=title, width=width, label_width=label_width, locale=locale)
                  + _narrow_bars(bars, title=title, locale=locale))


def _narrow_bars(bars: Sequence[Bar], *, title: str, locale: str) -> str:
    row, width = 50, NARROW
    height = max(row * len(bars), row) + 8
    top = max((b.value for b in bars), default=0.0) or 1.0
    span = width - 130
    parts = [f'<svg class="chart chart-narrow" role="img" viewBox="0 0 {width} {height}" width="100%" '
             f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>']
    if not bars:
        parts.append(f'<text class="chart-empty" x="10" y="26">{escape("—")}</text>')
    for i, bar in enumerate(bars):
        y = 4 + i * row
        length = 0 if bar.value <= 0 else max(2.0, span * bar.value / top)
        parts.append(
            f'<g class="bar-row"><title>{escape(bar.label)}: {escape(bar.note)}</title>'
            f'<text class="chart-label" x="0" y="{y + 15}">{escape(_fit(bar.label, width))}</text>'
            f'<rect class="bar" x="0" y="{y + 22}" width="{length:.1f}" height="20" rx="4"/>'
            f'<text class="chart-value" x="{length + 8:.1f}" y="{y + 37}">'
            f'{escape(_number(bar.value, locale))}<tspan class="chart-note"> {escape(_fit(bar.note, 90))}</tspan>'
            f'</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _wide_bars(bars: Sequence[Bar], *, title: str, width: int, label_width: int, locale: str) -> str:
    row = 34
    height = max(row * len(bars), row) + 16
    top = max((b.value for b in bars), default=0.0) or 1.0
    span = width - label_width - 150
    parts = [f'<svg class="chart chart-wide" role="img" viewBox="0 0 {width} {height}" width="100%" '
             f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>']
    if not bars:
        parts.append(f'<text class="chart-empty" x="10" y="26">{escape("—")}</text>')
    for i, bar in enumerate(bars):
        y = 8 + i * row
        length = 0 if bar.value <= 0 else max(2.0, span * bar.value / top)
        parts.append(
            f'<g class="bar-row"><title>{escape(bar.label)}: {escape(bar.note)}</title>'
            f'<text class="chart-label" x="{label_width - 10}" y="{y + 19}" text-anchor="end">'
            f'{escape(_fit(bar.label, label_width))}</text>'
            f'<rect class="bar" x="{label_width}" y="{y + 4}" width="{length:.1f}" height="22" rx="4"/>'
            f'<text class="chart-value" x="{label_width + length + 8:.1f}" y="{y + 19}">'
            f'{escape(_number(bar.value, locale))}<tspan class="chart-note"> {escape(bar.note)}</tspan></text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def line_chart(points: Sequence[Point], *, title: str, width: int = 760, height: int = 260,
               locale: str = "en") -> Markup:
    """The chart twice: wide, and narrow (``NARROW``) with fewer days named under it."""
    return Markup(_line(points, title=title, width=width, height=height, locale=locale, kind="chart-wide", names=8)
                  + _line(points, title=title, width=NARROW, height=height, locale=locale, kind="chart-narrow",
                          names=3))


def _line(points: Sequence[Point], *, title: str, width: int, height: int, locale: str, kind: str,
          names: int) -> str:
    left, right, top_pad, bottom = 48, 20, 16, 46
    inner_w, inner_h = width - left - right, height - top_pad - bottom
    peak = max((p.value for p in points), default=0.0) or 1.0
    parts = [f'<svg class="chart {kind}" role="img" viewBox="0 0 {width} {height}" width="100%" '
             f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>',
             f'<line class="axis" x1="{left}" y1="{top_pad + inner_h}" x2="{width - right}" y2="{top_pad + inner_h}"/>',
             f'<line class="axis" x1="{left}" y1="{top_pad}" x2="{left}" y2="{top_pad + inner_h}"/>',
             f'<text class="chart-label" x="{left - 6}" y="{top_pad + 10}" text-anchor="end">{escape(_number(peak, locale))}</text>',
             f'<text class="chart-label" x="{left - 6}" y="{top_pad + inner_h}" text-anchor="end">0</text>']
    if not points:
        parts.append(f'<text class="chart-empty" x="{left + 10}" y="{top_pad + 30}">—</text>')
    step = inner_w / max(len(points) - 1, 1)
    coords = []
    for i, point in enumerate(points):
        x = left + (i * step if len(points) > 1 else inner_w / 2)
        y = top_pad + inner_h - inner_h * point.value / peak
        coords.append((x, y, point))
    if len(coords) > 1:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y, _ in coords)
        parts.append(f'<polyline class="line" points="{path}"/>')
    label_every = max(1, len(coords) // names)
    for i, (x, y, point) in enumerate(coords):
        parts.append(f'<circle class="dot" cx="{x:.1f}" cy="{y:.1f}" r="5"><title>{escape(point.label)}: '
                     f'{escape(_number(point.value, locale))}</title></circle>')
        if i % label_every == 0 or i == len(coords) - 1:
            parts.append(f'<text class="chart-label" x="{x:.1f}" y="{height - 18}" text-anchor="middle">'
                         f'{escape(point.label[5:])}</text>')
    parts.append("</svg>")
    return "".join(parts)
