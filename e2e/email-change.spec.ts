import crypto from 'node:crypto'
import type { ApiUser } from './helpers/app'
import { expect, getOtp, main, shot, signInAs, test, uniqueEmail } from './helpers/app'
import { sinkMessages } from './support/fixtures'

/*
 * Issue 21: changing the sign-in email needs the code mailed to the new address; the old address stays until then
 * and is told; confirming signs out every other session — here another browser signed in as the same person.
 */

const api = (p: string) => new URL(`/api/v1${p}`, process.env.E2E_BASE_URL).toString()

/**
 * Two sessions of one new person, as two browsers of theirs would hold them. Both come through the API with one
 * device cookie: once that browser has signed in it is known to the account, so its second code needs no wait.
 */
async function twoSessions(fullname: string) {
  const email = uniqueEmail('mover')
  const device = crypto.randomBytes(24).toString('base64url')
  const post = async (p: string, body: unknown) => {
    const res = await fetch(api(p), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `device=${device}` },
      body: JSON.stringify(body),
    })
    const json = (await res.json()) as { data: ApiUser; token: string }
    if (!res.ok) throw new Error(`POST ${p} answered ${res.status}: ${JSON.stringify(json)}`)
    return json
  }
  const session = async (send: () => Promise<unknown>) => {
    const after = Date.now()
    await send()
    const answer = await post('/user/verify-otp', { email, otp: await getOtp(email, { after }) })
    return { user: answer.data, token: answer.token, email }
  }
  const first = await session(() => post('/user/send-otp', { email, fullname }))
  const second = await session(() => post('/user/send-login-otp', { email }))
  return { email, first, second }
}

test('a new sign-in email waits for its code; confirming it signs out the other browser', async ({
  page,
  browser,
  toasts,
}, testInfo) => {
  const { email, first, second } = await twoSessions('Meera Pillai')
  const newEmail = uniqueEmail('meera-new')

  const otherContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
  const other = await otherContext.newPage()
  await signInAs(other, second, '/')

  await signInAs(page, first, `/m/${first.user.userId}`)
  await main(page).getByRole('button', { name: 'Edit Profile' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Edit Profile' })).toBeVisible()
  await dialog.getByLabel('Email').fill(newEmail)
  const after = Date.now()
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await toasts.expect('Profile updated!', 'success')

  // Step two: the code mailed to the new address. The account still signs in with the old one.
  await expect(dialog.getByRole('heading', { name: 'Confirm your new email' })).toBeVisible()
  await expect(dialog.getByText(newEmail)).toBeVisible()
  const me = await page.request.get('/api/v1/user/me', {
    headers: { authorization: `Bearer ${first.token}` },
  })
  expect(await me.json()).toMatchObject({ user: { email }, pendingEmail: newEmail })
  // The notice to the old address leaves after the answer, like every mail: wait for it.
  await expect
    .poll(
      async () =>
        (await sinkMessages(email, after)).find((m) => /change your Microlance sign-in email/.test(m.subject))
          ?.text,
    )
    .toContain(`${newEmail.slice(0, 2)}***@example.com`)
  await shot(page, testInfo, 'email-change-code')

  // A wrong code is said in the dialog, which keeps the step open.
  const code = await getOtp(newEmail, { after })
  const codeField = dialog.getByLabel('Email change code')
  await codeField.fill(code === '000000' ? '111111' : '000000')
  await dialog.getByRole('button', { name: 'Confirm email' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Email change failed: wrong code, 4 tries left.')

  // Typed with the keyboard and sent with Enter, the right code changes the email.
  await codeField.fill(code)
  await codeField.press('Enter')
  await toasts.expect('Email changed. Every other device has been signed out.', 'success')
  await expect(dialog).toBeHidden()
  await expect(main(page).getByText(newEmail, { exact: true })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible()
  await expect(main(page).getByText(newEmail, { exact: true })).toBeVisible()

  // The other browser is signed out at once (its socket closed by the server), without a reload.
  await expect(other.getByRole('button', { name: 'Profile menu' })).toHaveCount(0)
  await other.reload()
  await expect(other.getByRole('button', { name: 'Profile menu' })).toHaveCount(0)
  expect(await other.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await otherContext.close()
})

test('a waiting change can be taken up again from Edit Profile, or cancelled', async ({ page, toasts }) => {
  const { first } = await twoSessions('Kabir Shah')
  const newEmail = uniqueEmail('kabir-new')
  await signInAs(page, first, `/m/${first.user.userId}`)
  await main(page).getByRole('button', { name: 'Edit Profile' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email').fill(newEmail)
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirm your new email' })).toBeVisible()
  // Closed and opened again, the form says what is waiting and leads back to the code.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await main(page).getByRole('button', { name: 'Edit Profile' }).click()
  await expect(dialog.getByText(`Waiting for the code sent to ${newEmail}.`)).toBeVisible()
  await expect(dialog.getByLabel('Email')).toHaveValue(first.email)
  await dialog.getByRole('button', { name: 'Enter code' }).click()
  await expect(dialog.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Cancel change' }).click()
  await toasts.expect('Email change cancelled', 'success')
  await expect(dialog.getByRole('heading', { name: 'Edit Profile' })).toBeVisible()
  await expect(dialog.getByText(/Waiting for the code/)).toHaveCount(0)
})
