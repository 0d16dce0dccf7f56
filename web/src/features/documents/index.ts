export { DocumentsList } from './components/documents-list'
export { useDocuments } from './api/get-documents'
