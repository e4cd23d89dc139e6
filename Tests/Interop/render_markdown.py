"""Renders Markdown to HTML with markdown-it-py's CommonMark parser (tables and strikethrough on,
as GitHub renders them) and tells what came out: every element in document order with its
attributes, and the text a reader sees. Exits 3 when markdown-it-py is missing.

usage: render_markdown.py FILE.md   (prints {"elements": [[tag, [[name, value], ...]], ...], "text": "..."})
"""
import json
import sys
from html.parser import HTMLParser

try:
    from markdown_it import MarkdownIt
except ImportError:
    print("markdown-it-py is missing (pip install 'markdown-it-py==4.3.0')", file=sys.stderr)
    sys.exit(3)


class Elements(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.text = []

    def handle_starttag(self, tag, attrs):
        self.elements.append([tag, [[name, value] for name, value in attrs]])

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_data(self, data):
        self.text.append(data)

    def handle_comment(self, data):
        self.elements.append(["!--", [["text", data]]])


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        markdown = file.read()
    html = MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(markdown)
    parser = Elements()
    parser.feed(html)
    parser.close()
    print(json.dumps({"elements": parser.elements, "text": "".join(parser.text), "html": html}))


main()
