import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, parseEnv } from './config.ts'

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = parseEnv({})
    expect(c).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      mode: 'hosted',
      logLevel: 'info',
      platformDatabaseUrl: undefined,
      publicUrl: 'http://localhost:8000',
      trustProxy: false,
    })
    expect(c.dataDir).toBe(path.resolve('./data'))
  })

  it('reads TRUST_PROXY as true, false, a number of hops, or trusted addresses and ranges', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(parseEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(parseEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
      'fd00::/8',
    ])
  })

  it.each([
    [{ PORT: 'eighty' }, /^Invalid PORT="eighty": /],
    [{ PORT: '70000' }, /^Invalid PORT="70000": /],
    [{ BASALT_MODE: 'cloud' }, /^Invalid BASALT_MODE="cloud": .*\(one of: hosted, self-hosted\)$/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid LOG_LEVEL="loud": .*\(one of: fatal, error, warn, info, debug, trace, silent\)$/],
    [{ PLATFORM_DATABASE_URL: 'mysql://x' }, /^Invalid PLATFORM_DATABASE_URL="mysql:\/\/x": must be a postgres/],
    [{ ENCRYPTION_KEY: 'short' }, /^Invalid ENCRYPTION_KEY="short": must be 64 hexadecimal characters/],
    [{ TRUST_PROXY: 'proxy.internal' }, /^Invalid TRUST_PROXY="proxy.internal": "proxy.internal" is not an address/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid TRUST_PROXY="10.0.0.0\/33": "10.0.0.0\/33" is not an address/],
    [{ AI_BASE_URL: 'localhost:11434', AI_MODEL: 'm' }, /^Invalid AI_BASE_URL="localhost:11434": must be an http/],
    [{ AI_BASE_URL: 'ftp://models.internal/v1', AI_MODEL: 'm' }, /^Invalid AI_BASE_URL="ftp:/],
    [{ AI_BASE_URL: 'http://127.0.0.1:11434/v1' }, /^Invalid AI_MODEL: it must be set when AI_BASE_URL is/],
    [{ AI_MODEL: 'qwen2.5-coder' }, /^Invalid AI_BASE_URL: it must be set when AI_MODEL is/],
    [{ AI_API_KEY: 'sk-1' }, /^Invalid AI_API_KEY: set AI_BASE_URL and AI_MODEL too/],
    [{ AI_BASE_URL: 'http://h/v1', AI_MODEL: 'm', AI_TIMEOUT_SECONDS: '0' }, /^Invalid AI_TIMEOUT_SECONDS="0": /],
    [
      { AI_BASE_URL: 'http://h/v1', AI_MODEL: 'm', AI_STRUCTURED_OUTPUT: 'xml' },
      /^Invalid AI_STRUCTURED_OUTPUT="xml": .*\(one of: auto, json_schema, text\)$/,
    ],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError)
    expect(() => parseEnv(env)).toThrow(message)
  })

  it('leaves AI off without AI_BASE_URL and AI_MODEL, and reads the provider when both are set', () => {
    expect(parseEnv({}).ai).toBeNull()
    expect(
      parseEnv({ AI_BASE_URL: 'http://127.0.0.1:8080/v1/', AI_MODEL: ' qwen2.5-coder ', AI_API_KEY: 'sk-local' }).ai,
    ).toEqual({
      baseUrl: 'http://127.0.0.1:8080/v1',
      apiKey: 'sk-local',
      model: 'qwen2.5-coder',
      timeoutMs: 60_000,
      structuredOutput: 'auto',
    })
  })

  it('generates the encryption key into DATA_DIR once and reuses it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-config-'))
    try {
      const first = await loadConfig({ DATA_DIR: dir })
      const second = await loadConfig({ DATA_DIR: dir })
      expect(first.encryptionKey).toHaveLength(32)
      expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true)
      expect((await readFile(path.join(dir, 'encryption.key'), 'utf8')).trim()).toBe(
        first.encryptionKey.toString('hex'),
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('stops start-up with just that line, no stack trace', () => {
    const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts')
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr.trim()).toMatch(/^Invalid PORT="abc": [^\n]+$/)
    expect(run.stdout).toBe('')
  })
})
