import { describe, expect, it } from 'vitest';
import { csvDeEjemplo } from './importar-archivo';

describe('csvDeEjemplo', () => {
  it('starts with the BOM, puts the columns first and ends every line with CRLF', () => {
    expect(csvDeEjemplo(['usuario', 'email'], ['ana;ana@x.com', 'luis;luis@x.com'])).toBe(
      '\uFEFFusuario;email\r\nana;ana@x.com\r\nluis;luis@x.com\r\n',
    );
  });

  it('with no example rows is the header line alone', () => {
    expect(csvDeEjemplo(['nombre'], [])).toBe('\uFEFFnombre\r\n');
  });
});
