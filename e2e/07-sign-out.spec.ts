// Journey 7: signing out ends on /sign-in, and protected routes then send the user back to sign-in. The
// member is this journey's own: signing out ends no other journey's session.
import { expect, signIn, test } from './support/fixtures'
import { screenshot, signOut } from './support/journey'

test('after signing out, protected routes redirect to sign-in', async ({ page, platform }) => {
  const ref = 'default'
  const { slug } = platform.ownerOrganization
  await signIn(page, await platform.member('j07', 'developer'))
  await page.goto(`/project/${ref}`)
  await expect(page.getByRole('navigation', { name: 'Project' })).toBeVisible()

  await signOut(page)
  await screenshot(page, '07-sign-in')

  for (const [path, returnTo] of [
    ['/projects', '%2Fprojects'],
    [`/project/${ref}/settings/general`, `%2Fproject%2F${ref}%2Fsettings%2Fgeneral`],
    [`/org/${slug}/team`, `%2Forg%2F${slug}%2Fteam`],
    ['/account/security', '%2Faccount%2Fsecurity'],
  ] as const) {
    await page.goto(path)
    await expect(page).toHaveURL(new RegExp(`/sign-in\\?returnTo=${returnTo}$`))
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  }

  // The server agrees: the session is gone.
  const session = await page.request.get('/api/auth/session')
  expect(session.status()).toBe(401)
  const projects = await page.request.get('/api/projects')
  expect(projects.status()).toBe(401)
})
