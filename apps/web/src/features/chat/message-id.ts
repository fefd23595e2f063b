/** A temporary client message id: time in ms times 1000 plus a random 0 to 999 (replaced by the server's id). */
export function temporaryMessageId(): number {
  return Date.now() * 1000 + Math.floor(Math.random() * 1000);
}

/** Whether an id is a temporary client id (the server's ids are small integers). */
export function isTemporaryId(id: number): boolean {
  return id > 1e12;
}
