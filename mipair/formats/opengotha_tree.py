"""An OpenGotha file's XML read as a tree of :class:`Node` that keeps every element as read.

Read by defusedxml's expat parser with the hostile inputs refused as bad input
(exit 3), located at their line: elements nested deeper than :data:`DEPTH_MAX`,
entity declarations and references to external entities or DTDs. The typed
records of a tournament are read from the tree by :mod:`mipair.formats.opengotha`.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.sax import SAXParseException
from xml.sax.handler import ContentHandler, feature_string_interning
from xml.sax.xmlreader import AttributesImpl, Locator

from defusedxml.common import EntitiesForbidden, ExternalReferenceForbidden
from defusedxml.expatreader import DefusedExpatParser

from mipair.errors import InputError


@dataclass
class Node:
    """An XML element kept as read: tag, attributes (in file order), children, line."""

    tag: str
    attrs: dict[str, str]
    children: list[Node] = field(default_factory=list)
    line: int = 0

    def find(self, tag: str) -> Node | None:
        """The first descendant (or self) named ``tag``."""
        return next(self.iter(tag), None)

    def iter(self, tag: str) -> Iterator[Node]:
        """Every descendant (or self) named ``tag``, in document order."""
        if self.tag == tag:
            yield self
        for child in self.children:
            yield from child.iter(tag)

    def __eq__(self, other: object) -> bool:  # the line is where it was read, not content
        if not isinstance(other, Node):
            return NotImplemented
        return (self.tag, self.attrs, self.children) == (other.tag, other.attrs, other.children)


DEPTH_MAX = 32
"""Elements nested deeper than this are refused: OpenGotha writes five levels at most
(``Tournament/TournamentParameterSet/PlacementParameterSet/PlacementCriteria/...``),
and every walk over the kept tree (reading parameters, writing the file back) is then
bounded (an element nested a thousand deep would exhaust Python's recursion limit)."""


class _TreeBuilder(ContentHandler):
    """The SAX events of the document as a tree of :class:`Node` with their lines."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self.locator: Locator | None = None
        self.stack: list[Node] = []
        self.top: list[Node] = []

    def setDocumentLocator(self, locator: Locator) -> None:
        self.locator = locator

    def line(self) -> int:
        """The line the parser is at (1 before it started)."""
        found = self.locator.getLineNumber() if self.locator is not None else None
        return found or 1

    def startElement(self, name: str, attrs: AttributesImpl) -> None:
        if len(self.stack) >= DEPTH_MAX:
            raise InputError(
                f"<{name}> is nested more than {DEPTH_MAX} elements deep "
                "(an OpenGotha file has five levels)",
                file=self.path,
                line=self.line(),
                field="element",
            )
        node = Node(name, dict(attrs.items()), [], self.line())
        (self.stack[-1].children if self.stack else self.top).append(node)
        self.stack.append(node)

    def endElement(self, name: str) -> None:
        self.stack.pop()


def read_tree(text: bytes, path: str) -> Node:
    """The XML document as a tree of :class:`Node` with line numbers.

    Read by defusedxml's expat parser: entity declarations (the "billion laughs"
    and every entity expansion) and references to external entities or an external
    DTD are refused, not expanded or fetched (an OpenGotha file has none)."""
    builder = _TreeBuilder(path)
    parser = DefusedExpatParser(forbid_dtd=False, forbid_entities=True, forbid_external=True)
    parser.setFeature(feature_string_interning, True)  # one string per attribute name
    parser.setContentHandler(builder)
    try:
        parser.parse(io.BytesIO(text))
    except LookupError as exc:  # an encoding Python does not know
        raise InputError(f"not readable: {exc}", file=path, line=1, field="encoding") from None
    except SAXParseException as exc:
        raise InputError(
            f"not well-formed ({exc.getMessage()})",
            file=path,
            line=exc.getLineNumber(),
            field="XML",
        ) from None
    except (EntitiesForbidden, ExternalReferenceForbidden) as exc:
        raise InputError(_refused(exc), file=path, line=builder.line(), field="DOCTYPE") from None
    if not builder.top or builder.top[0].tag != "Tournament":
        raise InputError(
            "the root element must be <Tournament>", file=path, line=1, field="Tournament"
        )
    return builder.top[0]


def _refused(exc: EntitiesForbidden | ExternalReferenceForbidden) -> str:
    """What a DOCTYPE asked for that is refused."""
    if isinstance(exc, EntitiesForbidden):
        asked = f"entity declarations are refused (<!ENTITY {exc.name}>)"
    else:
        asked = f"external references are not followed ({exc.sysid or exc.pubid or exc.context})"
    return asked + ": an OpenGotha file has none"
