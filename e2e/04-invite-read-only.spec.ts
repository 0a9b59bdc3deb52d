// Journey 4: the owner invites a Read-only member on the organisation's Team page; the invitee opens
// the link signed out in a browser of their own, signs up through it, and cannot do what the role
// may not: neither in the interface nor by calling the server directly. The organisation and its project
// are this journey's own, so its Team page shows only what the journey did.
import type { Page } from '@playwright/test'
import { watchAccessibility } from './support/accessibility'
import { expect, signIn, test, type Organization } from './support/fixtures'
import { OWNER, TEXT, csrfHeader, screenshot, type Person } from './support/journey'

const ORGANIZATION_NAME = 'Invitation Labs'
const PROJECT_NAME = 'Invitation app'
const READER: Person = { name: 'Rita Reader', email: 'reader@example.com', password: 'basalt-reader-pass-1' }

let labs: Organization
let ref: string

test.beforeAll(async ({ platform }) => {
  test.setTimeout(120_000)
  labs = await platform.createOrganization(ORGANIZATION_NAME)
  ref = await platform.createProject(labs, PROJECT_NAME)
})

/** On the organisation's Team page: invites `email` as Read-only and answers the link the dialog shows. */
async function createInviteLink(page: Page, slug: string, email: string): Promise<string> {
  await page.goto(`/org/${slug}/team`)
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Invite member' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite a member' })
  await expect(dialog.getByText('Basalt does not send e-mail: share the invite link yourself.')).toBeVisible()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Role').selectOption({ label: 'Read-only' })
  await dialog.getByRole('button', { name: 'Create invite link' }).click()
  await expect(dialog.getByText('Send this link to the person you are inviting.')).toBeVisible()
  const linkField = dialog.getByRole('textbox', { name: 'Invite link' })
  await expect(linkField).toHaveValue(/^http.*\/join\?token=.+/)
  const link = await linkField.inputValue()
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toHaveCount(0)
  return link
}

test('a Read-only member joins through an invite link and cannot change the organization or project', async ({
  page,
  browser,
}) => {
  const { slug } = labs

  // The owner creates the invitation and copies its link.
  await signIn(page, OWNER)
  const inviteLink = await createInviteLink(page, slug, READER.email)
  await screenshot(page, '04-invite-link')

  const pending = page.getByRole('table').filter({ hasText: 'Invitee' })
  await expect(pending.getByRole('row', { name: new RegExp(READER.email) })).toContainText('Read-only')

  // The invitee, signed out, in a browser of their own.
  const readerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const readerAxe = watchAccessibility(readerContext)
  const reader = await readerContext.newPage()
  await reader.goto(inviteLink)
  await expect(reader.getByRole('heading', { name: 'Create your account' })).toBeVisible()
  await expect(reader.getByText(`You have been invited to join ${ORGANIZATION_NAME} as Read-only.`)).toBeVisible()
  await expect(reader.getByLabel('Email')).toHaveValue(READER.email)
  await reader.getByLabel('Name').fill(READER.name)
  await reader.getByLabel('Password').fill(READER.password)
  await reader.getByRole('button', { name: `Sign up and join ${ORGANIZATION_NAME}` }).click()

  await expect(reader).toHaveURL(/\/projects$/)
  const organization = reader.getByRole('region', { name: ORGANIZATION_NAME })
  await expect(organization.getByRole('link', { name: new RegExp(PROJECT_NAME) })).toBeVisible()
  // Only organisations where the member may create projects offer it.
  await expect(reader.getByRole('link', { name: 'New project' })).toHaveCount(0)
  await screenshot(reader, '04-reader-projects')

  // Team page: members are listed with their roles, but nothing can be managed.
  await reader.goto(`/org/${slug}/team`)
  await expect(reader.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
  const members = reader.getByRole('region', { name: 'Members' })
  const roleOf = (name: string) =>
    members
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell')
      .nth(1)
  await expect(roleOf(READER.name)).toHaveText('Read-only')
  await expect(roleOf(OWNER.name)).toHaveText('Owner')
  await expect(reader.getByRole('button', { name: 'Invite member' })).toHaveCount(0)
  await expect(reader.getByRole('combobox')).toHaveCount(0)
  await expect(reader.getByRole('button', { name: /^Remove / })).toHaveCount(0)
  await expect(reader.getByText('Pending invitations')).toHaveCount(0)

  // Project settings › General: the name is shown but cannot be changed; no pause, no delete.
  await reader.goto(`/project/${ref}/settings/general`)
  await expect(reader.getByRole('heading', { name: 'Project settings', level: 1 })).toBeVisible()
  await expect(reader.getByLabel('Project name')).toHaveValue(PROJECT_NAME)
  await expect(reader.getByLabel('Project name')).toBeDisabled()
  await expect(reader.getByText(TEXT.noUpdatePermission)).toBeVisible()
  await expect(reader.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await expect(reader.getByRole('button', { name: 'Pause project' })).toHaveCount(0)
  await expect(reader.getByRole('button', { name: 'Delete project' })).toHaveCount(0)
  await screenshot(reader, '04-reader-project-settings')

  // The new-project wizard of the organisation is refused.
  await reader.goto(`/new/${slug}`)
  await expect(reader.getByText(TEXT.noAccess)).toBeVisible()
  await expect(reader.getByRole('button', { name: 'Create project' })).toHaveCount(0)

  // The server refuses the writes themselves, with a valid CSRF token (so the refusal is the role's).
  const headers = await csrfHeader(reader)
  const rename = await reader.request.patch(`/api/projects/${ref}`, { headers, data: { name: 'Renamed by reader' } })
  expect(rename.status()).toBe(403)
  expect(await rename.json()).toMatchObject({ code: 'forbidden' })
  const invite = await reader.request.post(`/api/organizations/${slug}/invitations`, {
    headers,
    data: { role: 'owner' },
  })
  expect(invite.status()).toBe(403)
  expect(await invite.json()).toMatchObject({ code: 'forbidden' })
  const project = await reader.request.get(`/api/projects/${ref}`)
  expect(project.status()).toBe(200)
  expect(await project.json()).toMatchObject({ name: PROJECT_NAME, role: 'read_only' })
  await readerAxe.finish()
  await readerContext.close()

  // The owner now sees the invitee as a Read-only member, and the invitation is used up.
  await page.reload()
  await expect(page.getByRole('combobox', { name: `Role of ${READER.email}` })).toHaveValue('read_only')
  await expect(page.getByText('No pending invitations')).toBeVisible()
})

test('an invite link opened in a browser that never visited Basalt signs the invitee up', async ({ page, browser }) => {
  const { slug } = labs
  const email = 'first.visit@example.com'
  await signIn(page, OWNER)
  const inviteLink = await createInviteLink(page, slug, email)

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const inviteeAxe = watchAccessibility(context)
  const invitee = await context.newPage()
  await invitee.goto(inviteLink)
  await expect(invitee.getByRole('heading', { name: 'Create your account' })).toBeVisible()
  await expect(invitee.getByLabel('Email')).toHaveValue(email)
  await invitee.getByLabel('Password').fill('basalt-first-visit-1')
  await invitee.getByRole('button', { name: `Sign up and join ${ORGANIZATION_NAME}` }).click()
  await expect(invitee).toHaveURL(/\/projects$/)
  await expect(invitee.getByRole('region', { name: ORGANIZATION_NAME })).toBeVisible()
  await inviteeAxe.finish()
  await context.close()
})
