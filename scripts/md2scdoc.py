#!/usr/bin/env python3
"""Turns a plain Markdown page of docs/ (docs/config.md) into scdoc source for a manual page.

usage: md2scdoc.py NAME SECTION "SUMMARY" < page.md > page.scd

Handled: the title (`# ...`, dropped: the page's NAME line replaces it), `##` headings (sections,
upper-cased), `###` headings (subsections), paragraphs, `*`/`-` lists (nested by indentation),
fenced code blocks, `code`, **bold**, *emphasis*, _emphasis_ and [links](url). A table is refused
with its line number: scdoc's tables are another syntax, so keep the page to headings and lists.
"""
import re
import sys


def escape(text):
    return re.sub(r'([\\*_])', r'\\\1', text)


def inline(text):
    out = []
    pattern = re.compile(r'`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*|(?<![\w])_([^_\s][^_]*?)_(?![\w])|\[([^\]]+)\]\(([^)]+)\)')
    pos = 0
    for m in pattern.finditer(text):
        out.append(escape(text[pos:m.start()]))
        code, bold, em, em2, label, url = m.groups()
        if code is not None:
            out.append('*' + escape(code) + '*')
        elif bold is not None:
            out.append('*' + escape(bold.replace('`', '')) + '*')
        elif em is not None or em2 is not None:
            out.append('_' + escape(em if em is not None else em2) + '_')
        else:
            out.append(inline(label) + ' (' + escape(url) + ')')
        pos = m.end()
    out.append(escape(text[pos:]))
    return ''.join(out)


def convert(lines, name, section, summary):
    out = [f'{name}({section})', '', '# NAME', '', f'{name} - {escape(summary)}', '']
    in_code = False
    sectioned = False
    paragraph = []

    item = []  # a list item's depth and its lines, converted whole: a `code span` may wrap

    def flush_item():
        if item:
            out.append('\t' * item[0] + '- ' + inline(' '.join(item[1:])))
            item.clear()

    def flush():
        flush_item()
        if paragraph:
            out.append(inline(' '.join(paragraph)))
            out.append('')
            paragraph.clear()

    for number, raw in enumerate(lines, 1):
        line = raw.rstrip('\n')
        if line.startswith('```'):
            flush()
            out.append('```')
            if in_code:
                out.append('')
            in_code = not in_code
            continue
        if in_code:
            out.append(line)
            continue
        if line.startswith('|'):
            sys.exit(f'md2scdoc: line {number}: a table; write it as a list, which a manual page can show.')
        heading = re.match(r'(#{1,3}) (.*)', line)
        if heading:
            flush()
            level, title = len(heading.group(1)), heading.group(2).strip()
            if level == 1:
                continue
            sectioned = True
            # scdoc shows markup in a heading as written: the heading keeps its words only.
            plain = escape(re.sub(r'[`*]', '', title))
            out.append(('# ' + plain.upper()) if level == 2 else ('## ' + plain))
            out.append('')
            continue
        bullet = re.match(r'( *)[*-] (.*)', line)
        if bullet:
            flush()
            if not sectioned:
                out.extend(['# DESCRIPTION', ''])
                sectioned = True
            item.extend([len(bullet.group(1)) // 2, bullet.group(2)])
            continue
        if not line.strip():
            flush()
            if out and out[-1] != '':
                out.append('')
            continue
        if item and line.startswith(' '):
            # A list item's continuation line.
            item.append(line.strip())
            continue
        flush_item()
        if not sectioned:
            # Text before the first section: the page's description.
            out.extend(['# DESCRIPTION', ''])
            sectioned = True
        paragraph.append(line.strip())
    flush()
    if in_code:
        sys.exit('md2scdoc: a code block is not closed.')
    return '\n'.join(out).rstrip('\n') + '\n'


if __name__ == '__main__':
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[2])
    sys.stdout.write(convert(sys.stdin.readlines(), sys.argv[1], sys.argv[2], sys.argv[3]))
