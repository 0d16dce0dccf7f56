import { createUserViaApi, expect, main, shot, signInAs, test } from './helpers/app'

/*
 * Payout details (ADR 049), at both sizes: a freelancer opens "Payout details" from the profile menu, types a PAN
 * the server refuses (the error shows on the field and nothing typed is lost), fixes it, saves, sees the details
 * masked, and watches the sandbox take the account from Created / Under review to Activated.
 */
test('a freelancer adds payout details, sees them masked and the account activated', async ({
  page,
}, testInfo) => {
  const me = await createUserViaApi({ fullname: 'Priya Sharma', role: 'freelancer' })
  await signInAs(page, me)

  await page.getByRole('button', { name: 'Profile menu' }).click()
  await page.getByRole('dialog', { name: 'Profile' }).getByRole('link', { name: 'Payout details' }).click()
  await expect(page).toHaveURL('/settings/payouts')
  await expect(main(page).getByRole('heading', { level: 1, name: 'Payout details' })).toBeVisible()
  await expect(main(page).getByText('No payout details yet')).toBeVisible()
  await main(page).getByRole('button', { name: 'Add payout details' }).click()

  const form = main(page).getByRole('form', { name: 'Payout details' })
  await form.getByLabel('Legal name').fill('Priya Sharma')
  // The 4th letter of a PAN is the holder type; X is none.
  await form.getByLabel('PAN', { exact: true }).fill('ABCXE1234F')
  await form.getByLabel('State or union territory').selectOption('Maharashtra')
  await form.getByRole('textbox', { name: 'Account number' }).fill('50100123456789')
  await form.getByLabel('IFSC', { exact: true }).fill('hdfc0001234')
  await form.getByRole('button', { name: 'Save payout details' }).click()

  const pan = form.getByLabel('PAN', { exact: true })
  await expect(form.getByText(/4th letter is not a holder type/)).toBeVisible()
  await expect(pan).toHaveAttribute('aria-invalid', 'true')
  await expect(pan).toBeFocused()
  // Nothing typed was lost.
  await expect(form.getByLabel('Legal name')).toHaveValue('Priya Sharma')
  await expect(form.getByRole('textbox', { name: 'Account number' })).toHaveValue('50100123456789')
  await expect(form.getByLabel('State or union territory')).toHaveValue('Maharashtra')

  await pan.fill('ABCPE1234F')
  await expect(form.getByText(/4th letter/)).toBeHidden()
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/payouts/account') && r.request().method() === 'PUT',
  )
  await form.getByRole('button', { name: 'Save payout details' }).click()
  expect((await saved).status()).toBe(200)

  const details = main(page)
  await expect(details.getByTestId('payout-PAN')).toHaveText('XXXXXX234F')
  await expect(details.getByTestId('payout-Account number')).toHaveText('XXXXXX6789')
  await expect(details.getByTestId('payout-IFSC')).toHaveText('HDFC0001234')
  await expect(details.getByText('ABCPE1234F')).toHaveCount(0)
  await expect(details.getByText('50100123456789')).toHaveCount(0)
  await expect(details.getByTestId('payout-status')).toHaveText(/Created|Under review|Activated/)
  await expect(details.getByTestId('payout-status')).toHaveText('Activated', { timeout: 15_000 })
  await shot(page, testInfo, 'payout-details')

  // Edit keeps what is not secret and asks for the rest again.
  await details.getByRole('button', { name: 'Edit' }).click()
  await expect(form.getByLabel('Legal name')).toHaveValue('Priya Sharma')
  await expect(form.getByLabel('PAN', { exact: true })).toHaveValue('')
  await expect(form.getByText('Saved: XXXXXX234F. Enter it again to save changes.')).toBeVisible()
  await form.getByRole('button', { name: 'Cancel' }).click()
  await expect(details.getByTestId('payout-status')).toHaveText('Activated')
})
