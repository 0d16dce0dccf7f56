import { describe, expect, it } from 'vitest'
import { detectOffPlatform, detectPayToApply } from './safety'

describe('detectOffPlatform', () => {
  it.each([
    ['Call me on 9876543210', 'phone'],
    ['my number is +91 98765 43210', 'phone'],
    ['+91-98765-43210 pe whatsapp karo', 'phone'],
    ['+919876543210', 'phone'],
    ['919876543210 is my number', 'phone'],
    ['call 09876543210 after 6', 'phone'],
    ['number: 98765-43210', 'phone'],
    ['Phone:7012345678', 'phone'],
    ['mera no. 987 654 3210 hai', 'phone'],
    ['sirf 2 din me, 8123456789 pe call karo', 'phone'],
    ['(+91) 6123456789', 'phone'],
    ['Send to ravi.kumar@okaxis', 'upi'],
    ['UPI: 9876543210@ybl', 'upi'],
    ['asha@oksbi please', 'upi'],
    ['pay to shop123@paytm.', 'upi'],
    ['my upi is priya-k@okhdfcbank', 'upi'],
    ['id: anil@upi', 'upi'],
    ['ping me on wa.me/919876543210', 'whatsapp'],
    ['https://api.whatsapp.com/send?phone=919876543210', 'whatsapp'],
    ['join https://chat.whatsapp.com/AbCdEf123', 'whatsapp'],
    ['whatsapp.com/channel/xyz', 'whatsapp'],
    ['telegram pe aao: t.me/ravi_work', 'telegram'],
    ['https://telegram.me/joinchat/abc', 'telegram'],
  ])('flags %j as %s', (text, kind) => {
    expect(detectOffPlatform(text)).toContain(kind)
  })

  it.each([
    'The budget is ₹60,000 for the whole site',
    'I can do it for ₹ 9000000000? no, ₹9,000',
    'Rs. 7500000000 is a typo, sorry',
    'Finished in 2024, started in 2023',
    'Order id OD123456789012345678 was delivered',
    'Amazon order 402-1234567-1234567',
    'Ref #9876543210',
    'Write to asha@gmail.com',
    'Email asha@paytm.com for the invoice',
    'Pin code 560001, Bengaluru',
    'Account no. 1234567890',
    '12 pages at 1.5 lakh words',
    'Can you send the files by WhatsApp? no link, just asking',
    'Meet at.me/ later',
    'Version 8.123456789 of the app',
    'Aadhaar is 1234 5678 9012',
  ])('leaves %j alone', (text) => {
    expect(detectOffPlatform(text)).toEqual([])
  })

  it('names every kind a message carries', () => {
    expect(detectOffPlatform('9876543210 or ravi@ybl or t.me/ravi')).toEqual(['phone', 'upi', 'telegram'])
  })
})

describe('detectPayToApply', () => {
  it.each([
    ['Data entry work. Registration fee ₹300 only.', 'Registration fee'],
    ['A refundable security deposit of ₹2000 is needed', 'security deposit'],
    ['Pay to apply: ₹99', 'Pay to apply'],
    ['Joining fee of Rs 500, refundable', 'Joining fee'],
    ['₹1500 refundable deposit before you start', 'refundable deposit'],
    ['Pay ₹500 to confirm your seat', 'Pay ₹500 to'],
    ['Candidates must pay for the training kit', 'Candidates must pay'],
    ['रजिस्ट्रेशन फीस ₹200 है', 'रजिस्ट्रेशन फीस'],
    ['पंजीकरण शुल्क जमा करें', 'पंजीकरण शुल्क'],
    ['Registration charges 250 rupees', 'Registration charges'],
    ['Kaam ghar se. Pehle ₹500 jama karna hoga', '₹500 jama karna'],
    ['Joining se pehle fees dena hoga', 'fees dena hoga'],
    ['Deposit ₹1000 to get the job', 'Deposit ₹1000'],
    ['You need to pay a small processing fee', 'processing fee'],
    ['₹499 भेजने होंगे', '₹499 भेजने होंगे'],
  ])('holds %j', (text, phrase) => {
    expect(detectPayToApply(text)).toBe(phrase)
  })

  it.each([
    'We pay ₹500 per article to the writer',
    'You will be paid ₹500 for each logo',
    'Please deposit the files in the drive by Friday',
    'Payment is held in escrow and released on approval',
    'Hum aapko ₹500 denge har video ke liye',
    'Fees for the course are paid by us',
    'Budget: ₹60,000, one-time',
    'Apply with your portfolio; no charges for applying through Microlance',
    'हर लेख के लिए ₹300 मिलेंगे',
  ])('lets %j through', (text) => {
    expect(detectPayToApply(text)).toBeNull()
  })
})
