import PDFDocument from 'pdfkit'
import { drawable } from './documents.format'

/**
 * One A4 layout for every money document (ADR 051): a heading with the document's number, the parties side by side,
 * then sections — label/value pairs, tables that continue on the next page with their header, and notes. pdfkit's
 * standard Helvetica is used, so every string passes through `drawable` first.
 */
export interface Column {
  label: string
  /** Share of the page's width. */
  width: number
  align?: 'left' | 'right'
}

export type Section =
  | { kind: 'pairs'; heading?: string; rows: [string, string][]; strong?: string[] }
  | { kind: 'table'; heading?: string; columns: Column[]; rows: string[][]; total?: string[] }
  | { kind: 'text'; heading?: string; lines: string[] }

export interface Layout {
  /** "Tax invoice", "Payment advice"… (also the PDF's Title). */
  title: string
  /** A line under the title ("Original for recipient"). */
  subtitle?: string
  /** Label/value pairs on the right of the heading (number, date…). */
  meta: [string, string][]
  /** Up to two blocks side by side (supplier and recipient). */
  parties?: { heading: string; lines: string[] }[]
  sections: Section[]
  /** Small print after the last section. */
  footer?: string[]
}

const MARGIN = 48
const GREY = '#555555'
const RULE = '#bbbbbb'

/** Renders a layout to PDF bytes. */
export function renderPdf(layout: Layout): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: drawable(layout.title), Author: 'Microlance', Creator: 'Microlance' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const width = doc.page.width - 2 * MARGIN
  const bottom = () => doc.page.height - MARGIN
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage()
  }
  const text = (s: string) => drawable(s)

  // Heading: brand and title on the left, the document's number and date on the right.
  const top = doc.y
  doc.font('Helvetica-Bold').fontSize(11).fillColor(GREY).text('MICROLANCE', MARGIN, top)
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('black')
    .text(text(layout.title), MARGIN, top + 16)
  if (layout.subtitle) doc.font('Helvetica').fontSize(9).fillColor(GREY).text(text(layout.subtitle))
  const leftEnd = doc.y
  let metaY = top
  for (const [label, value] of layout.meta) {
    doc.font('Helvetica').fontSize(8).fillColor(GREY)
    doc.text(text(label), MARGIN + width / 2, metaY, { width: width / 2, align: 'right' })
    doc.font('Helvetica-Bold').fontSize(10).fillColor('black')
    doc.text(text(value), MARGIN + width / 2, doc.y, { width: width / 2, align: 'right' })
    metaY = doc.y + 3
  }
  doc.y = Math.max(leftEnd, metaY) + 10
  rule()

  if (layout.parties?.length) {
    const y0 = doc.y + 6
    const colWidth = width / layout.parties.length - 10
    let yMax = y0
    layout.parties.forEach((p, i) => {
      const x = MARGIN + i * (width / layout.parties!.length)
      doc.font('Helvetica-Bold').fontSize(8).fillColor(GREY).text(text(p.heading).toUpperCase(), x, y0)
      doc.fillColor('black')
      p.lines.forEach((line, j) =>
        doc
          .font(j === 0 ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(j === 0 ? 10 : 9)
          .text(text(line), x, doc.y, { width: colWidth }),
      )
      yMax = Math.max(yMax, doc.y)
    })
    doc.y = yMax + 10
    rule()
  }

  for (const section of layout.sections) {
    doc.y += 8
    if (section.heading) {
      ensure(40)
      doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(text(section.heading), MARGIN, doc.y)
      doc.y += 4
    }
    if (section.kind === 'pairs') pairs(section.rows, section.strong ?? [])
    else if (section.kind === 'table') table(section.columns, section.rows, section.total)
    else
      for (const line of section.lines) {
        doc.font('Helvetica').fontSize(9).fillColor('black')
        ensure(doc.heightOfString(text(line), { width }))
        doc.text(text(line), MARGIN, doc.y, { width })
        doc.y += 2
      }
  }

  if (layout.footer?.length) {
    doc.y += 14
    doc.font('Helvetica').fontSize(7.5).fillColor(GREY)
    for (const line of layout.footer) {
      ensure(doc.heightOfString(text(line), { width }))
      doc.text(text(line), MARGIN, doc.y, { width })
    }
  }
  doc.end()
  return done

  function rule() {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
  }

  function pairs(rows: [string, string][], strong: string[]) {
    const labelWidth = width * 0.5
    for (const [label, value] of rows) {
      const bold = strong.includes(label)
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5)
      const h = Math.max(
        doc.heightOfString(text(label), { width: labelWidth }),
        doc.heightOfString(text(value), { width: width - labelWidth }),
      )
      ensure(h + 4)
      const y = doc.y
      doc.fillColor(bold ? 'black' : '#222222').text(text(label), MARGIN, y, { width: labelWidth })
      doc.text(text(value), MARGIN + labelWidth, y, { width: width - labelWidth, align: 'right' })
      doc.y = y + h + 4
    }
  }

  function table(columns: Column[], rows: string[][], total?: string[]) {
    const total_ = columns.reduce((s, c) => s + c.width, 0)
    const widths = columns.map((c) => (c.width / total_) * width)
    const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0))
    const row = (cells: string[], font: string, size: number) => {
      doc.font(font).fontSize(size)
      const h = Math.max(...cells.map((c, i) => doc.heightOfString(text(c), { width: widths[i] - 4 })))
      const y = doc.y
      cells.forEach((c, i) =>
        doc.text(text(c), xs[i] + 2, y, { width: widths[i] - 4, align: columns[i].align ?? 'left' }),
      )
      doc.y = y + h + 3
      return h + 3
    }
    const header = () => {
      doc.fillColor(GREY)
      row(
        columns.map((c) => c.label),
        'Helvetica-Bold',
        8,
      )
      doc.fillColor('black')
      rule()
      doc.y += 3
    }
    ensure(40)
    header()
    for (const cells of rows) {
      doc.font('Helvetica').fontSize(8.5)
      const h = Math.max(...cells.map((c, i) => doc.heightOfString(text(c), { width: widths[i] - 4 })))
      if (doc.y + h + 3 > bottom()) {
        doc.addPage()
        header()
      }
      row(cells, 'Helvetica', 8.5)
    }
    if (rows.length === 0) row(['None'], 'Helvetica-Oblique', 8.5)
    if (total) {
      ensure(20)
      rule()
      doc.y += 3
      row(total, 'Helvetica-Bold', 8.5)
    }
  }
}
