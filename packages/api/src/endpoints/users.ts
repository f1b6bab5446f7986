import { AdminMessageResponse, DisableUserBody, ListUsersQuery, ListUsersResponse, SearchUsersQuery, SetRoleBody, UserKeyQuery } from '../admin.ts';
import { endpoint } from '../endpoint.ts';
import {
  LoginBody,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  SendPasswordResetBody,
  UpdateUserBody,
  UpdateUserResponse,
  UserResponse,
  VerifyBody,
  VerifyConfirmBody,
} from '../user.ts';

const U = '/api/v1/user';
const ADMIN = '/api/admin/v1';

/** Users: accounts and sessions (specification section 7), the admin console's sign-in and its All Users screen. */
export const users = {
  me: endpoint({ method: 'GET', path: U, response: UserResponse }),
  login: endpoint({ method: 'POST', path: `${U}/login`, body: LoginBody, response: UserResponse }),
  register: endpoint({ method: 'POST', path: `${U}/register`, body: RegisterBody, response: RegisterResponse }),
  logout: endpoint({ method: 'POST', path: `${U}/logout`, response: MessageResponse }),
  sendPasswordReset: endpoint({ method: 'POST', path: `${U}/sendPasswordResetEmail`, body: SendPasswordResetBody, response: MessageResponse }),
  resetPassword: endpoint({ method: 'POST', path: `${U}/resetPassword`, body: ResetPasswordBody, response: MessageResponse }),
  /** Signed in: the account's address; signed out: the `email` given. The body may be left out. */
  verify: endpoint({ method: 'POST', path: `${U}/verify`, body: VerifyBody.optional(), response: MessageResponse }),
  confirmVerification: endpoint({ method: 'POST', path: `${U}/verify/confirm`, body: VerifyConfirmBody, response: MessageResponse }),
  update: endpoint({ method: 'POST', path: `${U}/update`, body: UpdateUserBody, response: UpdateUserResponse }),

  // The admin console: only role admin gets a session here. `/user/` keeps the trailing slash the console calls.
  adminLogin: endpoint({ method: 'POST', path: `${ADMIN}/user/login`, body: LoginBody, response: UserResponse }),
  adminMe: endpoint({ method: 'GET', path: `${ADMIN}/user/`, response: UserResponse }),
  adminLogout: endpoint({ method: 'POST', path: `${ADMIN}/user/logout`, response: MessageResponse }),
  adminList: endpoint({ method: 'GET', path: `${ADMIN}/users/all`, query: ListUsersQuery, response: ListUsersResponse }),
  adminSearch: endpoint({ method: 'GET', path: `${ADMIN}/users/search`, query: SearchUsersQuery, response: ListUsersResponse }),
  adminDelete: endpoint({ method: 'DELETE', path: `${ADMIN}/users/delete`, query: UserKeyQuery, response: AdminMessageResponse }),
  adminDisable: endpoint({
    method: 'PUT',
    path: `${ADMIN}/users/disable`,
    query: UserKeyQuery,
    body: DisableUserBody,
    response: AdminMessageResponse,
  }),
  adminVerify: endpoint({ method: 'PUT', path: `${ADMIN}/users/verify`, query: UserKeyQuery, response: AdminMessageResponse }),
  adminSetRole: endpoint({ method: 'PUT', path: `${ADMIN}/users/set-role`, body: SetRoleBody, response: AdminMessageResponse }),
};
