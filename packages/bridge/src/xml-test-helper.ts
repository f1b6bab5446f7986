import { SaxesParser } from 'saxes';

/** An XML element as a strict XML 1.0 parser reads it (test helper). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Parses XML with a conforming parser (saxes), throwing on any well-formedness error, e.g. a forbidden character. */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser();
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: tag.attributes, children: [], text: '' };
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on('text', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  return root.children[0]!;
}

/** The elements of a tree named `name`, at any depth. */
export const findAll = (element: XmlElement, name: string): XmlElement[] => [
  ...(element.name === name ? [element] : []),
  ...element.children.flatMap((child) => findAll(child, name)),
];

/** The text of the child element named `name`. */
export const childText = (element: XmlElement, name: string) => element.children.find((c) => c.name === name)?.text;
