import { describe, expect, it } from 'vitest'
import type { StorageItem } from '@basalt/contracts'
import { itemStatus, previewKind, totalSize } from './items'

const file = (extra: Partial<StorageItem> = {}): StorageItem => ({
  name: 'a.png',
  path: 'a.png',
  kind: 'file',
  id: 'x',
  size: 10,
  mimetype: 'image/png',
  cacheControl: null,
  etag: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  last_accessed_at: null,
  ...extra,
})

describe('item states (spec 3 §4)', () => {
  const created = Date.parse('2026-01-01T00:00:00Z')
  it('a file without metadata is loading for 15 minutes, then corrupted', () => {
    expect(itemStatus(file())).toBe('ready')
    expect(itemStatus(file({ size: null }), created + 899_999)).toBe('loading')
    expect(itemStatus(file({ size: null }), created + 900_001)).toBe('corrupted')
    expect(itemStatus(file({ kind: 'folder', size: null, id: null, created_at: null }))).toBe('ready')
  })
})

describe('preview kinds', () => {
  it('follow the stored type, then the extension', () => {
    expect(previewKind('image/png', 'a.png')).toBe('image')
    expect(previewKind('video/mp4', 'a')).toBe('video')
    expect(previewKind('audio/mpeg', 'a')).toBe('audio')
    expect(previewKind('application/pdf', 'a')).toBe('pdf')
    expect(previewKind('text/csv; charset=utf-8', 'a')).toBe('csv')
    expect(previewKind('application/octet-stream', 'data.csv')).toBe('csv')
    expect(previewKind('application/json', 'a')).toBe('json')
    expect(previewKind('text/plain', 'a')).toBe('text')
    expect(previewKind('application/zip', 'a.zip')).toBe('none')
  })

  it('totals the listed sizes', () => {
    expect(totalSize([file({ size: 5 }), file({ size: null, kind: 'folder' }), file({ size: 7 })])).toBe(12)
  })
})
