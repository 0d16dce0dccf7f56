/** The four skill categories of spec §2 "Skills", with the chips each offers. */
export const SKILL_CATEGORIES: { name: string; skills: string[] }[] = [
  {
    name: 'Technology / IT',
    skills: ['JavaScript', 'TypeScript', 'React', 'Node.js', 'Python', 'Java', 'SQL', 'Android', 'iOS', 'DevOps', 'Data Analysis', 'Machine Learning'],
  },
  {
    name: 'Design & Creative',
    skills: ['UI Design', 'UX Research', 'Graphic Design', 'Figma', 'Illustration', 'Video Editing', 'Photography', 'Animation', 'Logo Design'],
  },
  {
    name: 'Social Media & Marketing',
    skills: ['Content Writing', 'Copywriting', 'SEO', 'Social Media Management', 'Instagram Marketing', 'Email Marketing', 'Performance Ads', 'Influencer Outreach'],
  },
  {
    name: 'Life Skills / Personal Development',
    skills: ['Communication', 'Public Speaking', 'Leadership', 'Time Management', 'Teamwork', 'Problem Solving', 'Spoken English', 'Hindi Translation'],
  },
]
