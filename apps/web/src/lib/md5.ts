import SparkMD5 from 'spark-md5';

/** Lower-case hex MD5 of a text (UTF-8), as the login sends it (SPEC §5). */
export function md5Hex(texto: string): string {
  return SparkMD5.hash(texto);
}
